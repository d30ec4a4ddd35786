package moderator_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules/eaw"
	"github.com/pbemd/pbemd/rules/thunderdome"
	"github.com/pbemd/pbemd/store"
)

// panicky is Empires at War with a fault, as a ruleset with a bug would
// have: once armed, it panics in the call named at.
type panicky struct {
	eaw.Ruleset
	at    string
	armed *atomic.Bool
}

func (panicky) Name() string { return "panicky" }

func (p panicky) fault(call string) {
	if p.at == call && p.armed.Load() {
		panic("panicky: " + call + " broke")
	}
}

func (p panicky) Check(st *campaign.State, sub *orders.Submission) (game.Checked, error) {
	p.fault("check")
	return p.Ruleset.Check(st, sub)
}

func (p panicky) Prepare(st *campaign.State) func(*orders.Submission) (game.Checked, error) {
	check := p.Ruleset.Prepare(st)
	return func(sub *orders.Submission) (game.Checked, error) {
		p.fault("check")
		return check(sub)
	}
}

func (p panicky) Resolve(t game.Turn) *game.Result {
	p.fault("resolve")
	return p.Ruleset.Resolve(t)
}

func (p panicky) Report(v game.View, opts game.ReportOptions) (*game.Report, error) {
	p.fault("report")
	return p.Ruleset.Report(v, opts)
}

// newFailureHarness runs the frontier campaign and a copy of it, doomed,
// under the panicky ruleset, with its fault at the call named; it returns
// the doomed players' tokens and the switch that arms the fault.
func newFailureHarness(t *testing.T, at string) (*harness, map[campaign.PlayerID]string, *atomic.Bool) {
	t.Helper()
	armed := new(atomic.Bool)
	h := newHarnessWith(t, game.NewRegistry(eaw.Ruleset{}, thunderdome.Ruleset{}, panicky{at: at, armed: armed}))
	tokens := h.copyFrontier("doomed", "rules: eaw", "rules: panicky", "title: Frontier Wars", "title: Doomed Frontier")
	h.drain(append(players, "gm")...)
	armed.Store(true)
	return h, tokens, armed
}

// doomedOrders are a player's orders for turn 1 of the doomed campaign.
func doomedOrders(tokens map[campaign.PlayerID]string, p campaign.PlayerID) string {
	return fmt.Sprintf("campaign: doomed\nplayer: %s\nturn: 1\ntoken: %s\nfinal: false\norders:\n  - move: {fleet: 2nd, path: [mistral]}\n", p, tokens[p])
}

// doomed reads the doomed campaign's record and its turn 1 as stored.
func (h *harness) doomed() (*store.Campaign, []byte) {
	h.t.Helper()
	var c *store.Campaign
	var turn []byte
	err := h.db.View(func(tx *store.Tx) error {
		var err error
		if c, err = tx.Campaign("doomed"); err != nil {
			return err
		}
		rec, err := tx.Turn("doomed", 1)
		if err != nil {
			return err
		}
		turn, err = json.Marshal(rec)
		return err
	})
	if err != nil {
		h.t.Fatal(err)
	}
	return c, turn
}

// TestFailedCheckHoldsOnlyItsCampaign: a ruleset whose order check panics
// fails only the mail it checks. Its sender is told nothing was done and
// why, the campaign is held as it was, the GM is told once however many
// mails fail, and the failures are counted; orders for the other campaign
// are accepted and its turn resolves at the deadline, while the held one
// waits until the GM moves its deadline.
func TestFailedCheckHoldsOnlyItsCampaign(t *testing.T) {
	h, tokens, armed := newFailureHarness(t, "check")
	url := h.serveMetrics()
	_, before := h.doomed()
	h.send(h.mailFrom("vorn", doomedOrders(tokens, "vorn")))
	h.next("vorn").want(t, "[doomed] Not done: pbemd failed", "through no fault of yours", "Nothing of it was filed")
	notice := h.next("gm")
	notice.want(t, "[doomed] Turn 1 is held: pbemd failed", "panicky: check broke", "Every other campaign goes on", "command: deadline +48h")
	h.send(h.mailFrom("castellan", doomedOrders(tokens, "castellan")))
	h.next("castellan").want(t, "Not done: pbemd failed")
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, true, "move: {fleet: 2nd, path: [mistral]}")))
	h.next("vorn").want(t, "[frontier] Orders for turn 1 accepted")

	c, after := h.doomed()
	if c.HeldSince.IsZero() || c.Turn != 1 || !bytes.Equal(before, after) || h.onFileIn("doomed", "vorn", 1) != nil {
		t.Errorf("doomed after the failed checks: held since %v, turn %d, turn 1 changed %t, vorn's orders filed %t; want held at turn 1 as it was, nothing filed",
			c.HeldSince, c.Turn, !bytes.Equal(before, after), h.onFileIn("doomed", "vorn", 1) != nil)
	}
	if n := h.mod.Failures(); n != 2 {
		t.Errorf("Failures() = %d, want 2", n)
	}
	h.scrapeUntil(url, map[string]float64{`pbemd_campaign_failures_total{campaign="doomed"}`: 2})

	h.advanceTo(h.campaign().Deadline())
	for _, p := range players {
		h.next(p).want(t, "[frontier] Turn 2 report")
	}
	h.gmIn("doomed", "status").want(t, "Waiting for you since", "pbemd failed while handling the mail", "panicky: check broke")
	if c, _ := h.doomed(); c.Turn != 1 {
		t.Errorf("doomed resolved into turn %d while held; want it waiting at turn 1", c.Turn)
	}

	// Mended, the GM gives the players time: the hold ends, and the turn
	// takes orders and resolves at the new deadline.
	armed.Store(false)
	h.gmIn("doomed", "deadline +48h").want(t, "deadline")
	h.drain(players...)
	h.send(h.mailFrom("vorn", doomedOrders(tokens, "vorn")))
	h.next("vorn").want(t, "[doomed] Orders for turn 1 accepted")
	c, _ = h.doomed()
	h.advanceTo(c.Deadline())
	for _, p := range players {
		h.nextWith(p, "[doomed] Turn 2 report")
	}
	if n := h.countSubjects("gm", "is held: pbemd failed"); n != 1 {
		t.Errorf("the GM was told of the failures %d times; want once", n)
	}
}

// countSubjects counts the mails a user got whose subject holds part.
func (h *harness) countSubjects(user, part string) int {
	h.t.Helper()
	msgs, err := h.world.Mailbox(h.ctx, user, password, "INBOX")
	if err != nil {
		h.t.Fatal(err)
	}
	n := 0
	for _, raw := range msgs {
		if in, err := mail.Parse(raw, mail.ParseOptions{}); err == nil && strings.Contains(in.Subject, part) {
			n++
		}
	}
	return n
}

// TestFailedResolutionHoldsOnlyItsCampaign: a ruleset that panics while
// it resolves a turn, or while it writes the reports, holds that campaign
// at its deadline as it was; the other campaign, due at the same time,
// resolves; the GM is told once, and the GM's process fails again without
// another notice until the fault is mended, when it resolves the turn.
func TestFailedResolutionHoldsOnlyItsCampaign(t *testing.T) {
	for _, at := range []string{"resolve", "report"} {
		t.Run(at, func(t *testing.T) {
			h, _, armed := newFailureHarness(t, at)
			_, before := h.doomed()
			h.advanceTo(h.campaign().Deadline())
			for _, p := range players {
				h.next(p).want(t, "[frontier] Turn 2 report")
			}
			h.next("gm").want(t, "[doomed] Turn 1 is held: pbemd failed", "while resolving turn 1", "panicky: "+at+" broke")
			c, after := h.doomed()
			if c.HeldSince.IsZero() || c.Turn != 1 || !bytes.Equal(before, after) {
				t.Errorf("doomed after the failed resolution: held since %v, turn %d, turn 1 changed %t; want held at turn 1 as it was",
					c.HeldSince, c.Turn, !bytes.Equal(before, after))
			}
			h.gmIn("doomed", "process").want(t, "Not done: pbemd failed")

			armed.Store(false)
			h.gmIn("doomed", "process").want(t, "Turn 1 resolved")
			for _, p := range players {
				h.next(p).want(t, "[doomed] Turn 2 report")
			}
			if c, _ := h.doomed(); c.Turn != 2 || !c.HeldSince.IsZero() || c.Failed != "" {
				t.Errorf("doomed after process: turn %d, held since %v, failed %q; want turn 2, not held", c.Turn, c.HeldSince, c.Failed)
			}
			h.quiet("gm")
		})
	}
}

// gmIn sends a GM command for a campaign and returns the answer.
func (h *harness) gmIn(id campaign.ID, command string) *received {
	h.t.Helper()
	h.send(h.mailFrom("gm", fmt.Sprintf("campaign: %s\ntoken: %s\ncommand: %s\n", id, h.gmTokenOf(id), command)))
	return h.next("gm")
}

// gmTokenOf is the GM's token of a campaign, from the GM's welcome to it.
func (h *harness) gmTokenOf(id campaign.ID) string {
	h.t.Helper()
	msgs, err := h.world.Mailbox(h.ctx, "gm", password, "INBOX")
	if err != nil {
		h.t.Fatal(err)
	}
	for _, raw := range msgs {
		in, err := mail.Parse(raw, mail.ParseOptions{MaxTextBytes: 1 << 20})
		if err != nil || !strings.HasPrefix(in.Subject, fmt.Sprintf("[%s] ", id)) {
			continue
		}
		if m := regexp.MustCompile(`token: ([A-Z2-7-]{20,})`).FindStringSubmatch(string(in.Text)); m != nil {
			return m[1]
		}
	}
	h.t.Fatalf("no welcome with a GM token for %s", id)
	return ""
}
