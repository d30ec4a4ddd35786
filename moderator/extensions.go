package moderator

import (
	"cmp"
	"encoding/base32"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/orders"
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
func (m *Moderator) replyAddress(token string) string {
	local, domain, _ := strings.Cut(m.address, "@")
	return local + "+" + token + "@" + domain
}

// replyToken returns the token of a reply address a mail was sent to, or
// "" if it was sent to none.
func (m *Moderator) replyToken(in *mail.Inbound) string {
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

// requestExtension checks a player's extension request against the
// campaign's caps. It grants a real-life claim at once where the campaign
// allows (UTD3.32, UTD3.44); otherwise it asks the GM by a mail the GM
// answers by replying.
func (m *Moderator) requestExtension(r *request) (decision, error) {
	c, e, p := r.c, r.sub.Extension, r.seat.Player
	rules := c.Moderation.Extensions
	var exts []*store.Extension
	if err := m.db.View(func(tx *store.Tx) (err error) { exts, err = tx.Extensions(c.ID); return err }); err != nil {
		return decision{}, err
	}
	mine, all := extensionCounts(exts, string(p))
	auto := e.RealLife && rules.RealLifeWeek
	switch {
	case c.Status != store.Running:
		return r.refuseString(fmt.Sprintf("Campaign %s is %s, so there is no deadline to extend.", c.ID, c.Status))
	case !c.HeldSince.IsZero():
		return r.refuseString(fmt.Sprintf("Turn %d is already waiting for the GM after an outage; the GM will set a new deadline.", c.Turn))
	case !r.seat.Due():
		return r.refuseString(fmt.Sprintf("You owe no orders for turn %d, so you have no deadline to extend.", c.Turn))
	case !auto && e.Hours > rules.MaxHours:
		return r.refuseString(fmt.Sprintf("You asked for %d hours; this campaign allows at most %d hours per request. Ask for %d hours or less.", e.Hours, rules.MaxHours, rules.MaxHours))
	case mine >= rules.PerPlayer:
		return r.refuseString(fmt.Sprintf("You have had %d extension(s), this campaign's limit per player (UTD3.32). Write to the GM if something serious came up.", mine))
	case all >= rules.PerCampaign:
		return r.refuseString(fmt.Sprintf("The campaign has had %d extensions, its limit. Write to the GM if something serious came up.", all))
	}
	for _, x := range exts {
		if x.Player == p && x.Turn == c.Turn && x.Status == store.ExtensionPending {
			return r.refuseString(fmt.Sprintf("You asked for %d hours for turn %d already; the GM has not answered yet. You will hear as soon as they do.", x.Hours, c.Turn))
		}
	}
	now := m.clock.Now().UTC()
	ext := &store.Extension{Player: p, Turn: c.Turn, Hours: e.Hours, Reason: e.Reason, RealLife: e.RealLife,
		Requested: now, MessageID: r.in.MessageID, Status: store.ExtensionPending}
	if auto {
		return m.grantRealLife(r, ext, now)
	}
	token, err := newReplyToken(m.rand)
	if err != nil {
		return decision{}, err
	}
	ask := m.askGM(r, ext, token, mine, all)
	approval := &store.Approval{Campaign: c.ID, Expires: c.Deadline().Add(time.Duration(rules.MaxHours) * time.Hour)}
	apply := func(tx *store.Tx) error {
		seq, err := tx.AddExtension(c.ID, ext)
		if err != nil {
			return err
		}
		approval.Extension = seq
		if err := tx.PutApproval(hashToken(token), approval); err != nil {
			return err
		}
		return writeAudit(tx, c.ID, store.AuditEntry{At: now, Who: string(p), Action: "extension asked",
			Detail: fmt.Sprintf("%d hours for turn %d: %s", e.Hours, c.Turn, orNone(e.Reason))})
	}
	text := fmt.Sprintf("Your request for %d more hours for turn %d is with the GM. You will hear as soon as they answer.\nUntil then the deadline stays %s.\n",
		e.Hours, c.Turn, deadlineFor(c, r.seat))
	return r.done("extension asked", m.answerString(r, "Extension request sent to the GM", text), decision{mails: []outgoing{ask}, apply: apply})
}

// askGM writes the mail that asks the GM to decide on an extension: its
// Reply-To is the single-use address that carries the decision back.
func (m *Moderator) askGM(r *request, ext *store.Extension, token string, mine, all int) outgoing {
	c := r.c
	rules := c.Moderation.Extensions
	after := c.Clone()
	after.MoveDeadlines(time.Duration(ext.Hours) * time.Hour)
	text := fmt.Sprintf(`%s asks for %d more hours for turn %d of %s.

Reason: %s

%s has had %d of the %d extensions a player may have; the campaign %d of %d.
The deadline is %s.
Approved, it becomes %s.

Reply to this mail with one of these on the first line:

  approve
  approve 24h
  deny

Anything you write below it is passed on to %s. You need no token: the
reply address is yours alone and works once.
`, ext.Player, ext.Hours, c.Turn, c.Title, orNone(ext.Reason), ext.Player, mine, rules.PerPlayer, all, rules.PerCampaign,
		gmDeadline(c), gmDeadline(after), ext.Player)
	msg := m.newMail(c.GM.Email, fmt.Sprintf("[%s] %s asks for %d more hours for turn %d", c.ID, ext.Player, ext.Hours, c.Turn), text,
		m.derivedID(r.in.MessageID, "ask", c.GM.Email))
	msg.ReplyTo = &mail.Address{Name: "pbemd decisions", Email: m.replyAddress(token)}
	msg.AutoSubmitted = "auto-generated"
	return outgoing{msg: msg, campaign: string(c.ID), purpose: "ask-gm"}
}

func orNone(s string) string {
	if s == "" {
		return "(none given)"
	}
	return s
}

// grantRealLife grants a one-week extension on a real-life claim without
// asking the GM (UTD3.32, UTD3.44), and tells everyone.
func (m *Moderator) grantRealLife(r *request, ext *store.Extension, now time.Time) (decision, error) {
	c := r.c.Clone()
	ext.Status, ext.Decided, ext.Note = store.ExtensionApproved, now, "granted at once on a real-life claim (UTD3.32)"
	ext.Granted = int(campaign.RealLifeExtension / time.Hour)
	c.MoveDeadlines(campaign.RealLifeExtension)
	markReminded(c, now)
	apply := steps(putCampaign(c, c.Turn, store.AuditEntry{At: now, Who: "pbemd", Action: "extension granted",
		Detail: fmt.Sprintf("%s: one week on a real-life claim (UTD3.32): %s", ext.Player, orNone(ext.Reason))}),
		func(tx *store.Tx) error { _, err := tx.AddExtension(c.ID, ext); return err })
	mails := m.tellPlayersString(c, r.in.MessageID, "extended", ext.Player, fmt.Sprintf("Turn %d deadline extended by a week", c.Turn), func(s *store.Seat) string {
		return fmt.Sprintf("%s asked for time for real-life reasons, which this campaign grants at once (UTD3.32).\nThe deadline of turn %d is now %s.\n", ext.Player, c.Turn, deadlineFor(c, s))
	})
	mails = append(mails, m.toGMString(c, r.in.MessageID, "fyi", fmt.Sprintf("%s got a week's extension (real life)", ext.Player),
		fmt.Sprintf("%s claimed pressing real-life issues; the campaign grants a week at once (UTD3.32).\nReason: %s\nThe deadline of turn %d is now %s.\n",
			ext.Player, orNone(ext.Reason), c.Turn, gmDeadline(c))))
	text := fmt.Sprintf("Granted: a week more for turn %d, on your real-life claim (UTD3.32).\nThe deadline is now %s.\n", c.Turn, deadlineFor(c, r.seat))
	return r.done("extension granted (real life)", m.answerString(r, "Extension granted", text), decision{mails: mails, apply: apply})
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
func (m *Moderator) handleApproval(in *mail.Inbound, rec *store.MessageRecord, token string) (decision, bool, error) {
	d, err := m.approval(in, rec, token)
	if errors.Is(err, errNotAnApproval) {
		return decision{}, false, nil
	}
	return d, true, err
}

var errNotAnApproval = errors.New("not a reply to an approval address")

func (m *Moderator) approval(in *mail.Inbound, rec *store.MessageRecord, token string) (decision, error) {
	var (
		a   *store.Approval
		c   *store.Campaign
		ext *store.Extension
	)
	err := m.db.View(func(tx *store.Tx) error {
		var err error
		a, err = tx.Approval(hashToken(token))
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
	if err != nil {
		return decision{}, err
	}
	reply := func(outcome store.Outcome, detail, subject, text string, more ...outgoing) (decision, error) {
		rec.Outcome, rec.Detail = outcome, detail
		if c != nil {
			rec.Campaign = string(c.ID)
		}
		o := outgoing{msg: m.reply(in, subject, text), purpose: "answer"}
		return decision{mails: append([]outgoing{o}, more...)}, nil
	}
	if a != nil && a.Battle != "" {
		if !strings.EqualFold(in.From, c.GM.Email) {
			return m.wrongSender(in, rec, c, "battle "+a.Battle)
		}
		if !a.Used.IsZero() {
			return reply(store.Rejected, "reply address used before", fmt.Sprintf("[%s] Battle %s", c.ID, a.Battle),
				fmt.Sprintf("You already decided battle %s on %s. Each reply address works once, so this reply changed nothing.\n", a.Battle, fmtUTC(a.Used)))
		}
		return m.decideBattle(in, rec, c, a, token)
	}
	if a == nil || ext == nil {
		gms, err := m.gmCampaigns(in.From)
		if err != nil {
			return decision{}, err
		}
		if _, isVerdict := readVerdict(string(in.Text)); len(gms) == 0 || !isVerdict {
			return decision{}, errNotAnApproval
		}
		if m.unauthenticatedOver(in.From, rec) {
			return decision{}, nil
		}
		return reply(store.Rejected, "unknown reply address", "Your reply did nothing",
			"pbemd never gave out the address you replied to, so nothing was done. Reply to the request mail itself, without changing its address.\n")
	}
	if !strings.EqualFold(in.From, c.GM.Email) {
		return m.wrongSender(in, rec, c, string(ext.Player)+"'s extension request")
	}
	subject := fmt.Sprintf("[%s] Extension for %s", c.ID, ext.Player)
	switch {
	case !a.Used.IsZero():
		return reply(store.Rejected, "reply address used before", subject,
			fmt.Sprintf("You already answered this request on %s: it was %s. Each reply address works once, so this reply changed nothing.\n", fmtUTC(a.Used), ext.Status))
	case ext.Status != store.ExtensionPending || ext.Turn != c.Turn || c.Status == store.Ended:
		return reply(store.Rejected, "request no longer open", subject,
			fmt.Sprintf("%s asked for more time for turn %d, which has been resolved, so the request has lapsed and this reply changed nothing. The turn open now is turn %d, due %s.\n",
				ext.Player, ext.Turn, c.Turn, gmDeadline(c)))
	case m.clock.Now().After(a.Expires):
		return reply(store.Rejected, "reply address expired", subject, "This reply address has expired, so the reply changed nothing.\n")
	}
	v, ok := readVerdict(string(in.Text))
	if !ok {
		return reply(store.Rejected, "no verdict", subject,
			"I could not read a decision in your reply. Put one of these alone on the first line and reply again to the same mail:\n\n  approve\n  approve 24h\n  deny\n\nNothing was changed, and the reply address still works.\n")
	}
	return m.decideExtension(in, rec, c, ext, a, token, v)
}

// wrongSender refuses a reply to the address meant for the GM's decision
// on what, from another address. The GM is told; the sender is told why
// nothing happened if pbemd knows the address, and a stranger is not
// answered. Anyone can forge a From line, so such mail counts against the
// sender's hourly limit for unauthenticated mail.
func (m *Moderator) wrongSender(in *mail.Inbound, rec *store.MessageRecord, c *store.Campaign, what string) (decision, error) {
	if m.unauthenticatedOver(in.From, rec) {
		return decision{}, nil
	}
	rec.Outcome, rec.Campaign, rec.Detail = store.Rejected, string(c.ID), "reply to a GM address from another sender"
	alert := m.alertGM(c, in, fmt.Sprintf("%s replied to the address meant for your decision on %s. The reply was refused; your address is still good.", in.From, what))
	seats, err := m.seatsOf(in.From)
	if err != nil {
		return decision{}, err
	}
	gms, err := m.gmCampaigns(in.From)
	if err != nil || len(seats) == 0 && len(gms) == 0 {
		return decision{mails: []outgoing{alert}}, err
	}
	text := fmt.Sprintf("You wrote to an address that takes only a decision of the GM of %s, so your mail changed nothing. The GM has been told.\n\n"+
		"To write to the GM, use the GM's own address. Orders and requests go to %s.\n", c.Title, m.address)
	explain := outgoing{msg: m.reply(in, fmt.Sprintf("[%s] Your mail changed nothing", c.ID), text), campaign: string(c.ID), purpose: "answer"}
	return decision{mails: []outgoing{explain, alert}}, nil
}

// decideExtension applies the GM's verdict on an extension request: the
// deadline moves for everyone who owes orders, or the player hears no.
func (m *Moderator) decideExtension(in *mail.Inbound, rec *store.MessageRecord, c0 *store.Campaign, ext *store.Extension, a *store.Approval, token string, v verdict) (decision, error) {
	now := m.clock.Now().UTC()
	c := c0.Clone()
	e := *ext
	used := *a
	used.Used = now
	e.Decided, e.Note = now, v.note
	seat := c.Seat(e.Player)
	var mails []outgoing
	var gmText, playerText, action string
	if v.approve {
		e.Status, e.Granted = store.ExtensionApproved, cmp.Or(v.hours, e.Hours)
		c.MoveDeadlines(time.Duration(e.Granted) * time.Hour)
		markReminded(c, now)
		action = fmt.Sprintf("extension approved: %s +%dh", e.Player, e.Granted)
		gmText = fmt.Sprintf("Approved: %d more hours for %s. The deadline of turn %d is now %s; every player has been told.\n", e.Granted, e.Player, c.Turn, gmDeadline(c))
		playerText = fmt.Sprintf("The GM approved %d more hours for turn %d. The deadline is now %s.\n", e.Granted, c.Turn, deadlineFor(c, seat))
		mails = m.tellPlayersString(c, in.MessageID, "extended", e.Player, fmt.Sprintf("Turn %d deadline extended", c.Turn), func(s *store.Seat) string {
			return fmt.Sprintf("The GM extended the deadline of turn %d by %d hours, at %s's request.\nThe deadline is now %s.\n", c.Turn, e.Granted, e.Player, deadlineFor(c, s))
		})
	} else {
		e.Status = store.ExtensionDenied
		action = fmt.Sprintf("extension denied: %s", e.Player)
		gmText = fmt.Sprintf("Denied: %s's request for %d more hours. %s has been told; the deadline stays %s.\n", e.Player, e.Hours, e.Player, gmDeadline(c))
		playerText = fmt.Sprintf("The GM did not grant your request for %d more hours for turn %d. The deadline stays %s.\n", e.Hours, c.Turn, deadlineFor(c, seat))
	}
	if v.note != "" {
		playerText += "\nThe GM writes:\n\n" + indent(v.note) + "\n"
	}
	if seat != nil && seat.Active() {
		msg := m.newMail(seat.Email, fmt.Sprintf("[%s] Your extension request: %s", c.ID, e.Status), playerText, m.derivedID(in.MessageID, "decision", seat.Email))
		msg.InReplyTo = e.MessageID
		msg.References = []string{e.MessageID}
		msg.AutoSubmitted = "auto-generated"
		mails = append(mails, outgoing{msg: msg, campaign: string(c.ID), purpose: "decision"})
	}
	apply := steps(putCampaign(c, c.Turn, store.AuditEntry{At: now, Who: "gm", Action: action, Detail: v.note}),
		func(tx *store.Tx) error { return tx.PutExtension(c.ID, &e) },
		func(tx *store.Tx) error { return tx.PutApproval(hashToken(token), &used) })
	rec.Outcome, rec.Campaign, rec.Detail = store.Accepted, string(c.ID), action
	answer := outgoing{msg: m.reply(in, fmt.Sprintf("[%s] Extension for %s: %s", c.ID, e.Player, e.Status), gmText), campaign: string(c.ID), purpose: "answer"}
	return decision{mails: append([]outgoing{answer}, mails...), apply: apply}, nil
}

// indent indents every line of a text by two spaces, for quoting.
func indent(s string) string {
	return "  " + strings.ReplaceAll(s, "\n", "\n  ")
}
