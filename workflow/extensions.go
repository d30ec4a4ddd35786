package workflow

import (
	"cmp"
	"encoding/base32"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// newReplyToken returns the token of a single-use reply address: 128
// random bits, in lower-case base32 because mail systems may fold the case
// of an address.
func newReplyToken(r io.Reader) (string, error) {
	b := make([]byte, 16)
	if _, err := io.ReadFull(r, b); err != nil {
		return "", fmt.Errorf("make reply token: %w", err)
	}
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)), nil
}

// replyAddress is the single-use address the GM answers a request at:
// the moderator's address with the token after a plus.
func (m *Moderation) replyAddress(token string) string {
	local, domain, _ := strings.Cut(m.address, "@")
	return local + "+" + token + "@" + domain
}

// ReplyToken returns the token of a reply address a mail was sent to, or
// "" if it was sent to none.
func (m *Moderation) ReplyToken(in *mail.Inbound) string {
	local, domain, _ := strings.Cut(m.address, "@")
	for _, to := range in.To {
		l, d, ok := strings.Cut(to, "@")
		if !ok || !strings.EqualFold(d, domain) {
			continue
		}
		if token, ok := strings.CutPrefix(strings.ToLower(l), local+"+"); ok && token != "" {
			return token
		}
	}
	return ""
}

// extensionCounts counts the extensions granted in a campaign: to one
// player, and in all.
func extensionCounts(exts []*store.Extension, player string) (mine, all int) {
	for _, e := range exts {
		if e.Status == store.ExtensionApproved {
			all++
			if string(e.Player) == player {
				mine++
			}
		}
	}
	return mine, all
}

// extensionStopped says why a campaign extends no deadline now, or
// returns nil if it does: it is paused or ended, or its turn waits for the
// GM after an outage.
func extensionStopped(c *store.Campaign) report.Text {
	switch {
	case c.Status != store.Running:
		return report.NothingToExtend{Campaign: c.ID, Status: string(c.Status)}
	case !c.HeldSince.IsZero():
		return report.HeldForGM{Turn: c.Turn}
	}
	return nil
}

// requestExtension checks a player's extension request against the
// campaign's caps. It grants a real-life claim at once where the ruleset
// or the campaign allows (realLifeGrant), for no more than that grant and
// once per player and turn, whatever the caps, which limit what the GM or
// the players are asked; otherwise it puts the request to the players'
// vote where the campaign decides by vote, or else asks the GM by a mail
// the GM answers by replying. A request that names a battle asks for its
// clocks instead (requestBattleWeek).
func (m *Moderation) requestExtension(r *request) (Decision, error) {
	c, e, p := r.c, r.Sub.Extension, r.seat.Player
	if stopped := extensionStopped(c); stopped != nil {
		return r.refuse(stopped)
	}
	if e.Battle != "" {
		return m.requestBattleWeek(r)
	}
	rules := c.Moderation.Extensions
	var exts []*store.Extension
	if err := m.db.View(func(tx *store.Tx) (err error) { exts, err = tx.Extensions(c.ID); return err }); err != nil {
		return Decision{}, err
	}
	mine, all := extensionCounts(exts, string(p))
	grant := m.realLifeGrant(c)
	auto := e.RealLife && grant > 0 && time.Duration(e.Hours)*time.Hour <= grant && !grantedAtOnce(exts, p, c.Turn)
	if why, err := m.extensionRefusal(r, exts, auto); why != nil || err != nil {
		if err != nil {
			return Decision{}, err
		}
		return r.refuse(why)
	}
	now := m.clock.Now().UTC()
	ext := &store.Extension{Player: p, Turn: c.Turn, Hours: e.Hours, Reason: e.Reason, RealLife: e.RealLife,
		Requested: now, MessageID: r.In.MessageID, Status: store.ExtensionPending}
	if auto {
		return m.grantRealLife(r, ext, grant, now)
	}
	if m.decidesByVote(c) {
		return m.extensionToVote(r, ext, len(exts)+1)
	}
	token, err := newReplyToken(m.rand)
	if err != nil {
		return Decision{}, err
	}
	ask := m.askGM(r, ext, token, mine, all)
	approval := &store.Approval{Campaign: c.ID, Expires: c.Deadline().Add(time.Duration(rules.MaxHours) * time.Hour)}
	answer := m.answer(r, report.ExtensionAsked{Hours: e.Hours, Turn: c.Turn, Deadline: deadlineFor(c, r.seat)})
	return r.done("extension asked", answer, Decision{Mails: []Outgoing{ask}, Apply: fileExtension(c.ID, ext, approval, token)})
}

// fileExtension files extension request ext of campaign id, to be decided
// by a reply to the address of token, which approval stands for.
func fileExtension(id campaign.ID, ext *store.Extension, approval *store.Approval, token string) func(tx *store.Tx) error {
	return func(tx *store.Tx) error {
		seq, err := tx.AddExtension(id, ext)
		if err != nil {
			return err
		}
		approval.Extension = seq
		if err := tx.PutApproval(HashToken(token), approval); err != nil {
			return err
		}
		return WriteAudit(tx, id, store.AuditEntry{At: ext.Requested, Who: string(ext.Player), Action: "extension asked",
			Detail: fmt.Sprintf("%d hours for turn %d: %s", ext.Hours, ext.Turn, orNone(ext.Reason))})
	}
}

// extensionRefusal says why the extension r asks for cannot be asked,
// given the campaign's extensions exts, if it cannot: auto is set for a
// real-life request the campaign grants at once, which no cap limits.
func (m *Moderation) extensionRefusal(r *request, exts []*store.Extension, auto bool) (report.Text, error) {
	c, e, p := r.c, r.Sub.Extension, r.seat.Player
	rules := c.Moderation.Extensions
	mine, all := extensionCounts(exts, string(p))
	switch {
	case !r.seat.Due():
		battles, err := m.weekBattles(c, p)
		if err != nil {
			return nil, err
		}
		return report.NoDeadlineToExtend{Turn: c.Turn, Battles: battles, Week: int(m.rulesetGrant(c) / time.Hour)}, nil
	case !auto && e.Hours > rules.MaxHours:
		return report.TooManyHours{Asked: e.Hours, Max: rules.MaxHours}, nil
	case !auto && mine >= rules.PerPlayer:
		return report.PlayerExtensionLimit{Had: mine, Rule: m.cite(c, game.TopicExtension)}, nil
	case !auto && all >= rules.PerCampaign:
		return report.CampaignExtensionLimit{Had: all}, nil
	}
	for _, x := range exts {
		if x.Player == p && x.Turn == c.Turn && x.Status == store.ExtensionPending {
			return report.AlreadyAsked{Hours: x.Hours, Turn: c.Turn}, nil
		}
	}
	return nil, nil
}

// askGM writes the mail that asks the GM to decide on an extension: its
// Reply-To is the single-use address that carries the decision back.
func (m *Moderation) askGM(r *request, ext *store.Extension, token string, mine, all int) Outgoing {
	c := r.c
	rules := c.Moderation.Extensions
	after := c.Clone()
	after.MoveDeadlines(time.Duration(ext.Hours) * time.Hour)
	msg := m.MailText(c.ID, c.GM.Email, report.ExtensionRequest{Title: c.Title, Player: ext.Player, Hours: ext.Hours, Turn: c.Turn,
		Reason: ext.Reason, Mine: mine, PerPlayer: rules.PerPlayer, All: all, PerCampaign: rules.PerCampaign,
		Deadline: gmDeadline(c), After: gmDeadline(after)}, m.derivedID(r.In.MessageID, "ask", c.GM.Email))
	msg.ReplyTo = &mail.Address{Name: "pbemd decisions", Email: m.replyAddress(token)}
	msg.AutoSubmitted = "auto-generated"
	return Outgoing{Msg: msg, Campaign: string(c.ID), Purpose: "ask-gm"}
}

func orNone(s string) string {
	if s == "" {
		return "(none given)"
	}
	return s
}

// realLifeGrant is the extension a campaign grants at once on a real-life
// claim: its ruleset's (game.ExtensionPolicy), or else a week where its
// moderation settings grant one (real_life_week); zero for none.
func (m *Moderation) realLifeGrant(c *store.Campaign) time.Duration {
	if d := m.rulesetGrant(c); d > 0 {
		return d
	}
	if c.Moderation.Extensions.RealLifeWeek {
		return campaign.RealLifeExtension
	}
	return 0
}

// rulesetGrant is the extension a campaign's ruleset grants at once on a
// real-life claim (game.ExtensionPolicy); zero for none.
func (m *Moderation) rulesetGrant(c *store.Campaign) time.Duration {
	if rs, err := m.Ruleset(c); err == nil {
		if p, ok := rs.(game.ExtensionPolicy); ok {
			return p.RealLifeExtension()
		}
	}
	return 0
}

// grantedAtOnce reports whether a player had an extension granted at once
// on a real-life claim for a turn already.
func grantedAtOnce(exts []*store.Extension, p campaign.PlayerID, turn int) bool {
	return slices.ContainsFunc(exts, func(e *store.Extension) bool {
		return e.Player == p && e.Turn == turn && e.RealLife && e.Status == store.ExtensionApproved && strings.HasPrefix(e.Note, atOnce)
	})
}

// atOnce notes an extension granted without the GM.
const atOnce = "granted at once on a real-life claim"

// grantRealLife grants an extension of d on a real-life claim without
// asking the GM, and tells everyone.
func (m *Moderation) grantRealLife(r *request, ext *store.Extension, d time.Duration, now time.Time) (Decision, error) {
	c := r.c.Clone()
	ext.Status, ext.Decided, ext.Note = store.ExtensionApproved, now, atOnce
	ext.Granted = int(d / time.Hour)
	c.MoveDeadlines(d)
	MarkReminded(c, now)
	rule := m.cite(c, game.TopicExtension)
	apply := Steps(putCampaign(c, c.Turn, store.AuditEntry{At: now, Who: "pbemd", Action: "extension granted",
		Detail: fmt.Sprintf("%s: %d hours on a real-life claim: %s", ext.Player, ext.Granted, orNone(ext.Reason))}),
		func(tx *store.Tx) error { _, err := tx.AddExtension(c.ID, ext); return err })
	mails := m.tellPlayers(c, r.In.MessageID, "extended", ext.Player, func(s *store.Seat) report.Text {
		return report.RealLifeExtended{Player: ext.Player, Turn: c.Turn, Deadline: deadlineFor(c, s), Rule: rule}
	})
	mails = append(mails, m.ToGM(c, r.In.MessageID, "fyi", report.RealLifeGM{Player: ext.Player, Reason: ext.Reason, Turn: c.Turn, Deadline: gmDeadline(c), Rule: rule}))
	answer := m.answer(r, report.RealLifeAnswer{Turn: c.Turn, Deadline: deadlineFor(c, r.seat), Rule: rule})
	return r.done("extension granted (real life)", answer, Decision{Mails: mails, Apply: apply})
}

// lapseExtensions marks the requests still pending for a turn that has
// been resolved as lapsed: the GM can no longer grant them.
func lapseExtensions(tx *store.Tx, id campaign.ID, turn int) error {
	exts, err := tx.Extensions(id)
	if err != nil {
		return err
	}
	for _, e := range exts {
		if e.Turn == turn && e.Status == store.ExtensionPending {
			e.Status = store.ExtensionLapsed
			if err := tx.PutExtension(id, e); err != nil {
				return err
			}
		}
	}
	return nil
}

// verdict is the GM's answer to a request, read from a reply.
type verdict struct {
	approve bool
	// hours overrides the hours asked for; 0 keeps them.
	hours int
	note  string
}

// readVerdict reads "approve", "approve 24h" or "deny" from the first
// line of a reply; the lines below are the GM's note to the player.
func readVerdict(text string) (verdict, bool) {
	text = strings.TrimSpace(text)
	first, rest, _ := strings.Cut(text, "\n")
	v := verdict{note: strings.TrimSpace(rest)}
	words := strings.Fields(strings.ToLower(strings.Trim(first, " .!")))
	if len(words) == 0 {
		return v, false
	}
	switch words[0] {
	case "approve", "approved", "yes", "ok", "grant", "granted":
		v.approve = true
	case "deny", "denied", "no", "refuse", "refused", "reject":
		return v, len(words) == 1
	default:
		return v, false
	}
	if len(words) == 1 {
		return v, true
	}
	if len(words) > 2 {
		return v, false
	}
	h, err := parseHours(words[1])
	if err != nil {
		return v, false
	}
	v.hours = h
	return v, true
}

// parseHours reads "24h", "24", "2d" or "36 hours" into hours.
func parseHours(s string) (int, error) {
	s = strings.TrimSuffix(strings.TrimSuffix(s, "hours"), "hour")
	unit := 1
	switch {
	case strings.HasSuffix(s, "d"):
		s, unit = strings.TrimSuffix(s, "d"), 24
	case strings.HasSuffix(s, "h"):
		s = strings.TrimSuffix(s, "h")
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n*unit > orders.MaxExtensionHours {
		return 0, fmt.Errorf("not a number of hours: %q", s)
	}
	return n * unit, nil
}

// handleApproval carries out the GM's reply to a single-use reply address.
// Only the campaign's GM may use it, once, while the turn it was for is
// open; anything else changes nothing and gets an explanation. A mail to
// a plus-address pbemd never gave out is not handled here, unless it reads
// like a GM's verdict: it is ordinary mail to the moderator.
func (m *Moderation) handleApproval(ml *Mail, token string) (Decision, bool, error) {
	d, err := m.approval(ml, token)
	if errors.Is(err, errNotAnApproval) {
		return Decision{}, false, nil
	}
	return d, true, err
}

var errNotAnApproval = errors.New("not a reply to an approval address")

func (m *Moderation) approval(ml *Mail, token string) (Decision, error) {
	a, c, ext, err := m.readApproval(token)
	switch {
	case err != nil:
		return Decision{}, err
	case a != nil && a.Battle != "":
		return m.battleVerdict(ml, c, a, token)
	case a == nil || ext == nil:
		return m.unknownApproval(ml, c)
	}
	in := ml.In
	if !strings.EqualFold(in.From, c.GM.Email) {
		return m.wrongSender(ml, c, report.WrongSenderAlert{From: in.From, Player: ext.Player})
	}
	switch {
	case !a.Used.IsZero():
		return m.approvalAnswer(ml, c, "reply address used before", c.ID,
			report.ExtensionAnsweredBefore{Player: ext.Player, When: LocalTime(c, nil, a.Used), Status: string(ext.Status)})
	case ext.Status != store.ExtensionPending || ext.Turn != c.Turn || c.Status == store.Ended:
		return m.approvalAnswer(ml, c, "request no longer open", c.ID,
			report.ExtensionLapsed{Player: ext.Player, Turn: ext.Turn, Open: c.Turn, Deadline: gmDeadline(c)})
	case m.clock.Now().After(a.Expires):
		return m.approvalAnswer(ml, c, "reply address expired", c.ID, report.ReplyExpired{Player: ext.Player})
	}
	v, ok := readVerdict(string(in.Text))
	if !ok {
		return m.approvalAnswer(ml, c, "no verdict", c.ID, report.NoVerdict{Player: ext.Player})
	}
	return m.decideExtension(ml, c, ext, a, token, v)
}

// readApproval reads what the reply address of token was given out for:
// its approval, its campaign, and the extension it decides, if it
// decides one. An unknown address has no approval.
func (m *Moderation) readApproval(token string) (a *store.Approval, c *store.Campaign, ext *store.Extension, err error) {
	err = m.db.View(func(tx *store.Tx) error {
		var err error
		a, err = tx.Approval(HashToken(token))
		if errors.Is(err, store.ErrApprovalNotFound) {
			a = nil
			return nil
		}
		if err != nil {
			return err
		}
		if c, err = tx.Campaign(a.Campaign); err != nil {
			return err
		}
		exts, err := tx.Extensions(c.ID)
		for _, e := range exts {
			if e.Seq == a.Extension {
				ext = e
			}
		}
		return err
	})
	return a, c, ext, err
}

// battleVerdict takes the GM's reply on a disputed battle, at the address
// of approval a, once.
func (m *Moderation) battleVerdict(ml *Mail, c *store.Campaign, a *store.Approval, token string) (Decision, error) {
	if !strings.EqualFold(ml.In.From, c.GM.Email) {
		return m.wrongSender(ml, c, report.WrongSenderAlert{From: ml.In.From, Battle: a.Battle})
	}
	if !a.Used.IsZero() {
		return m.approvalAnswer(ml, c, "reply address used before", c.ID, report.BattleDecidedBefore{Battle: a.Battle, When: LocalTime(c, nil, a.Used)})
	}
	return m.decideBattle(ml, c, a, token)
}

// unknownApproval answers a GM's verdict sent to a reply address pbemd
// never gave out, or that decides nothing now (c is its campaign, if
// any); any other mail to such an address is not an approval.
func (m *Moderation) unknownApproval(ml *Mail, c *store.Campaign) (Decision, error) {
	gms, err := m.gmCampaigns(ml.In.From)
	if err != nil {
		return Decision{}, err
	}
	if _, isVerdict := readVerdict(string(ml.In.Text)); len(gms) == 0 || !isVerdict {
		return Decision{}, errNotAnApproval
	}
	if m.unauthenticatedOver(ml.In.From, ml.Rec) {
		return Decision{}, nil
	}
	return m.approvalAnswer(ml, c, "unknown reply address", "", report.UnknownReplyAddress{})
}

// approvalAnswer refuses the GM's reply to a reply address of campaign c
// (nil if unknown) with t, its subject tagged with campaign tag.
func (m *Moderation) approvalAnswer(ml *Mail, c *store.Campaign, detail string, tag campaign.ID, t report.Text) (Decision, error) {
	ml.Rec.Outcome, ml.Rec.Detail = store.Rejected, detail
	if c != nil {
		ml.Rec.Campaign = string(c.ID)
	}
	return Decision{Mails: []Outgoing{{Msg: m.replyText(ml.In, tag, t), Purpose: "answer"}}}, nil
}

// wrongSender refuses a reply to the address meant for the GM's decision,
// from another address, with alert for the GM. The GM is told; the sender is told why
// nothing happened if pbemd knows the address, and a stranger is not
// answered. Anyone can forge a From line, so such mail counts against the
// sender's hourly limit for unauthenticated mail.
func (m *Moderation) wrongSender(ml *Mail, c *store.Campaign, alertText report.WrongSenderAlert) (Decision, error) {
	in, rec := ml.In, ml.Rec
	if m.unauthenticatedOver(in.From, rec) {
		return Decision{}, nil
	}
	rec.Outcome, rec.Campaign, rec.Detail = store.Rejected, string(c.ID), "reply to a GM address from another sender"
	seats, err := m.seatsOf(in.From)
	if err != nil {
		return Decision{}, err
	}
	gms, err := m.gmCampaigns(in.From)
	if err != nil {
		return Decision{}, err
	}
	var d Decision
	if len(seats) > 0 || len(gms) > 0 {
		explain := Outgoing{Msg: m.replyText(in, c.ID, report.NotYourAddress{Title: c.Title, Address: m.address}), Campaign: string(c.ID), Purpose: "answer"}
		d.Mails = []Outgoing{explain}
	}
	return m.withAlert(d, c, in, alertText, false)
}

// decideExtension applies the GM's verdict on an extension request: the
// deadline moves for everyone who owes orders, or the player hears no.
func (m *Moderation) decideExtension(ml *Mail, c0 *store.Campaign, ext *store.Extension, a *store.Approval, token string, v verdict) (Decision, error) {
	in, rec := ml.In, ml.Rec
	now := m.clock.Now().UTC()
	c := c0.Clone()
	e := *ext
	used := *a
	used.Used = now
	e.Decided, e.Note = now, v.note
	seat := c.Seat(e.Player)
	var mails []Outgoing
	var action string
	hours := e.Hours
	if v.approve {
		e.Status, e.Granted = store.ExtensionApproved, cmp.Or(v.hours, e.Hours)
		hours = e.Granted
		c.MoveDeadlines(time.Duration(e.Granted) * time.Hour)
		MarkReminded(c, now)
		action = fmt.Sprintf("extension approved: %s +%dh", e.Player, e.Granted)
		mails = m.tellPlayers(c, in.MessageID, "extended", e.Player, func(s *store.Seat) report.Text {
			return report.ExtensionGranted{Player: e.Player, Hours: e.Granted, Turn: c.Turn, Deadline: deadlineFor(c, s)}
		})
	} else {
		e.Status = store.ExtensionDenied
		action = fmt.Sprintf("extension denied: %s", e.Player)
	}
	if seat != nil && seat.Active() {
		msg := m.MailText(c.ID, seat.Email, report.ExtensionDecided{Status: string(e.Status), Approved: v.approve, Hours: hours, Turn: c.Turn,
			Deadline: deadlineFor(c, seat), Note: v.note}, m.derivedID(in.MessageID, "decision", seat.Email))
		msg.InReplyTo = e.MessageID
		msg.References = []string{e.MessageID}
		msg.AutoSubmitted = "auto-generated"
		mails = append(mails, Outgoing{Msg: msg, Campaign: string(c.ID), Purpose: "decision"})
	}
	apply := Steps(putCampaign(c, c.Turn, store.AuditEntry{At: now, Who: "gm", Action: action, Detail: v.note}),
		func(tx *store.Tx) error { return tx.PutExtension(c.ID, &e) },
		func(tx *store.Tx) error { return tx.PutApproval(HashToken(token), &used) })
	rec.Outcome, rec.Campaign, rec.Detail = store.Accepted, string(c.ID), action
	answer := Outgoing{Msg: m.replyText(in, c.ID, report.ExtensionDecision{Player: e.Player, Status: string(e.Status), Approved: v.approve,
		Hours: hours, Turn: c.Turn, Deadline: gmDeadline(c)}), Campaign: string(c.ID), Purpose: "answer"}
	return Decision{Mails: append([]Outgoing{answer}, mails...), Apply: apply}, nil
}
