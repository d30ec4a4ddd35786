package moderator_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/scenarios"
	"github.com/pbemd/pbemd/store"
)

// TestEveryCampaignResolvesAtItsDeadline: campaigns that share a deadline
// all resolve at it, each once, resolved side by side; one whose deadline
// falls a day later resolves at its own, although nothing but the clock
// wakes the scheduler for it in between. Every player gets each
// campaign's report once.
func TestEveryCampaignResolvesAtItsDeadline(t *testing.T) {
	h := newHarness(t)
	shared := []campaign.ID{"frontier", "rimward", "coreward"}
	for _, id := range shared[1:] {
		h.copyFrontier(id)
	}
	h.copyFrontier("laggard", "every: 72h", "every: 96h")
	deadline := h.campaign().Deadline()
	h.advanceTo(deadline.Add(time.Minute))
	h.awaitTurns(map[campaign.ID]int{"frontier": 2, "rimward": 2, "coreward": 2, "laggard": 1})

	var later time.Time
	err := h.db.View(func(tx *store.Tx) error {
		c, err := tx.Campaign("laggard")
		later = c.Deadline()
		return err
	})
	if err != nil || !later.After(deadline) {
		t.Fatalf("laggard's deadline is %v (%v), want after %v", later, err, deadline)
	}
	h.advanceTo(later.Add(time.Minute))
	h.awaitTurns(map[campaign.ID]int{"frontier": 2, "rimward": 2, "coreward": 2, "laggard": 2})

	for _, p := range players {
		raws, err := h.world.Mailbox(h.ctx, p, password, "INBOX")
		if err != nil {
			t.Fatal(err)
		}
		reports := map[string]int{}
		for _, raw := range raws {
			m, err := mail.Parse(raw, mail.ParseOptions{})
			if err != nil {
				t.Fatal(err)
			}
			reports[m.MessageID]++
		}
		for _, id := range append(shared, "laggard") {
			if msgid := fmt.Sprintf("report.%s.t1.%s@example.test", id, p); reports[msgid] != 1 {
				t.Errorf("%s got the turn 1 report of %s %d times, want once", p, id, reports[msgid])
			}
		}
	}
}

// copyFrontier creates a campaign with the given ID from the frontier
// scenario, with the same players, its text further changed by replace
// (old, new pairs), under the daemon's rulesets. It returns the players'
// tokens.
func (h *harness) copyFrontier(id campaign.ID, replace ...string) map[campaign.PlayerID]string {
	h.t.Helper()
	pairs := append([]string{"campaign: frontier", "campaign: " + string(id)}, replace...)
	sc, err := config.ParseScenario(string(id)+".yaml", []byte(strings.NewReplacer(pairs...).Replace(string(scenarios.Frontier))), h.rulesets)
	if err != nil {
		h.t.Fatal(err)
	}
	seats, err := h.mod.CreateCampaign(h.ctx, sc)
	if err != nil {
		h.t.Fatalf("CreateCampaign(%s) = %v", id, err)
	}
	tokens := map[campaign.PlayerID]string{}
	for _, s := range seats {
		tokens[s.Player] = s.Token
	}
	return tokens
}

// awaitTurns waits until each campaign has the given turn open, and no
// mail waits in the outbox.
func (h *harness) awaitTurns(want map[campaign.ID]int) {
	h.t.Helper()
	limit := time.Now().Add(patience)
	for {
		got := map[campaign.ID]int{}
		queued := 0
		err := h.db.View(func(tx *store.Tx) error {
			for id := range want {
				c, err := tx.Campaign(id)
				if err != nil {
					return err
				}
				got[id] = c.Turn
			}
			queued = tx.OutboxLen()
			return nil
		})
		if err != nil {
			h.t.Fatal(err)
		}
		if fmt.Sprint(got) == fmt.Sprint(want) && queued == 0 {
			return
		}
		if time.Now().After(limit) {
			h.t.Fatalf("campaigns at turns %v with %d mails queued, want %v and none", got, queued, want)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
