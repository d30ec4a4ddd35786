package moderator

import (
	"fmt"
	netmail "net/mail"
	"strconv"
	"strings"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// gmWelcome is the GM's copy of the campaign's start: the GM token and how
// to run the campaign by mail.
func (m *Moderator) gmWelcome(c *store.Campaign, token string) outgoing {
	subject, text := report.RenderGMWelcome(&report.GMWelcome{Title: c.Title, Campaign: c.ID, Turn: c.Turn,
		Deadline: gmDeadline(c), Address: m.address, Token: token, Player: examplePlayer(c)})
	msg := m.newMail(c.GM.Email, subject, text, fmt.Sprintf("welcome.%s.gm@%s", c.ID, m.domain))
	return outgoing{msg: msg, campaign: string(c.ID), purpose: "welcome"}
}

// examplePlayer is the player the GM's examples name: the campaign's first.
func examplePlayer(c *store.Campaign) campaign.PlayerID {
	if len(c.Players) == 0 {
		return "player"
	}
	return c.Players[0].Player
}

// gmCommand carries out a command from the authenticated GM.
func (m *Moderator) gmCommand(r *request) (decision, error) {
	cmd := r.sub.Command
	c := *r.c
	c.Players = append([]store.Seat(nil), r.c.Players...)
	now := m.clock.Now().UTC()
	audit := store.AuditEntry{At: now, Who: "gm", Action: cmd.Verb, Detail: cmd.Args}
	switch cmd.Verb {
	case "status":
		text, err := m.gmStatus(&c)
		if err != nil {
			return decision{}, err
		}
		return r.done("status", m.answer(r, fmt.Sprintf("Status of turn %d", c.Turn), text), decision{})
	case "preview":
		return m.gmPreview(r)
	case "process":
		return m.gmProcess(r)
	case "deadline":
		t, err := parseDeadline(cmd.Args, &c, now)
		if err != nil {
			return r.refuse(err.Error())
		}
		if c.Status == store.Ended {
			return r.refuse(fmt.Sprintf("Campaign %s has ended; there is no deadline to move.", c.ID))
		}
		held := !c.HeldSince.IsZero()
		c.SetDeadlines(t)
		c.HeldSince = time.Time{}
		markReminded(&c, now)
		if c.Status == store.Paused {
			c.PausedAt = now
		}
		mails := m.tellPlayers(&c, r.in.MessageID, "deadline", "", fmt.Sprintf("Turn %d has a new deadline", c.Turn), func(s *store.Seat) string {
			return fmt.Sprintf("The GM set the deadline of turn %d to %s.\n%s", c.Turn, deadlineFor(&c, s), pausedNote(&c))
		})
		text := fmt.Sprintf("The deadline of turn %d is now %s; every player has been told.\n", c.Turn, gmDeadline(&c))
		if held {
			text += "The turn was waiting after an outage; it will now resolve at that deadline.\n"
		}
		return r.done("deadline", m.answer(r, "Deadline moved", text), decision{mails: mails, apply: putCampaign(&c, c.Turn, audit)})
	case "pause":
		if c.Status != store.Running {
			return r.refuse(fmt.Sprintf("Campaign %s is %s, so it cannot be paused.", c.ID, c.Status))
		}
		c.Status, c.PausedAt = store.Paused, now
		mails := m.tellPlayers(&c, r.in.MessageID, "paused", "", "Campaign paused", func(*store.Seat) string {
			return fmt.Sprintf("The GM paused %s. The clock has stopped: turn %d will not resolve until the GM resumes the campaign, and the deadline moves on by the length of the pause.\n%s",
				c.Title, c.Turn, gmNote(cmd.Text))
		})
		return r.done("pause", m.answer(r, "Campaign paused", fmt.Sprintf("%s is paused; every player has been told. Send command: resume to start the clock again.\n", c.Title)),
			decision{mails: mails, apply: putCampaign(&c, c.Turn, audit)})
	case "resume":
		if c.Status != store.Paused {
			return r.refuse(fmt.Sprintf("Campaign %s is %s, not paused, so there is nothing to resume.", c.ID, c.Status))
		}
		paused := now.Sub(c.PausedAt)
		c.MoveDeadlines(paused)
		c.Status, c.PausedAt = store.Running, time.Time{}
		markReminded(&c, now)
		mails := m.tellPlayers(&c, r.in.MessageID, "resumed", "", "Campaign resumed", func(s *store.Seat) string {
			return fmt.Sprintf("The GM resumed %s. Turn %d is now due %s.\n%s", c.Title, c.Turn, deadlineFor(&c, s), gmNote(cmd.Text))
		})
		return r.done("resume", m.answer(r, "Campaign resumed", fmt.Sprintf("%s runs again; turn %d is due %s. Every player has been told.\n", c.Title, c.Turn, gmDeadline(&c))),
			decision{mails: mails, apply: steps(putCampaign(&c, c.Turn, audit), shiftBattleClocks(c.ID, paused))})
	case "rollback":
		return m.gmRollback(r, &c, audit)
	case "replace":
		return m.gmReplace(r, &c, audit)
	case "drop":
		return m.gmDrop(r, &c, audit)
	case "broadcast":
		body := strings.TrimSpace(strings.TrimSpace(cmd.Args) + "\n" + cmd.Text)
		if body == "" {
			return r.refuse("The broadcast has no text. Write it after the command, or under text: on the lines below.")
		}
		mails := m.tellPlayers(&c, r.in.MessageID, "broadcast", "", "Message from the GM", func(*store.Seat) string { return body + "\n" })
		audit.Detail = fmt.Sprintf("%d players", len(mails))
		return r.done("broadcast", m.answer(r, "Broadcast sent", fmt.Sprintf("Your message went to %d players.\n", len(mails))),
			decision{mails: mails, apply: putCampaign(&c, c.Turn, audit)})
	}
	return r.refuse(fmt.Sprintf("%q is a player's command. The GM's commands are:\n\n%s", cmd.Verb, report.GMHelp(examplePlayer(&c))))
}

func gmNote(text string) string {
	if text == "" {
		return ""
	}
	return "\nThe GM writes:\n\n" + indent(text) + "\n"
}

func pausedNote(c *store.Campaign) string {
	if c.Status == store.Paused {
		return "The campaign is paused; the deadline moves on by the length of the pause when it resumes.\n"
	}
	return ""
}

// parseDeadline reads the GM's new deadline: "2026-12-01 20:00" in the
// campaign's time zone, an RFC 3339 time, or "+48h" from now. It must be
// in the future.
func parseDeadline(s string, c *store.Campaign, now time.Time) (time.Time, error) {
	const hint = "Write the new deadline as 2026-12-01 20:00 (in the campaign's time zone), as 2026-12-01T20:00:00Z, or as +48h from now."
	loc, err := c.Schedule.Location()
	if err != nil {
		loc = time.UTC
	}
	s = strings.TrimSpace(s)
	var t time.Time
	switch {
	case s == "":
		return t, fmt.Errorf("the deadline command needs a time. %s", hint)
	case strings.HasPrefix(s, "+"):
		d, err := time.ParseDuration(s[1:])
		if err != nil || d <= 0 {
			return t, fmt.Errorf("%q is not a time from now. %s", s, hint)
		}
		t = now.Add(d)
	default:
		if t, err = time.Parse(time.RFC3339, s); err != nil {
			if t, err = time.ParseInLocation("2006-01-02 15:04", s, loc); err != nil {
				return t, fmt.Errorf("%q is not a time pbemd can read. %s", s, hint)
			}
		}
	}
	if !t.After(now) {
		return t, fmt.Errorf("%s is not in the future. %s", fmtUTC(t), hint)
	}
	return t.UTC(), nil
}

// gmStatus writes the GM's view of a campaign: where every player stands,
// the deadline, extensions, battles waiting and the audit log.
func (m *Moderator) gmStatus(c *store.Campaign) (string, error) {
	var (
		filed []*store.OrdersRecord
		exts  []*store.Extension
		log   []*store.AuditEntry
		rec   *store.TurnRecord
	)
	err := m.db.View(func(tx *store.Tx) error {
		var err error
		if filed, err = tx.TurnOrders(c.ID, c.Turn); err != nil {
			return err
		}
		if exts, err = tx.Extensions(c.ID); err != nil {
			return err
		}
		if log, err = tx.AuditLog(c.ID); err != nil {
			return err
		}
		rec, err = tx.Turn(c.ID, c.Turn)
		return err
	})
	if err != nil {
		return "", err
	}
	o := &openTurn{c: c, filed: filed}
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s): turn %d, %s, %s.\n", c.Title, c.ID, c.Turn, rec.State.Date(), c.Status)
	switch {
	case c.Status == store.Ended:
	case !c.HeldSince.IsZero():
		fmt.Fprintf(&b, "Waiting for you since %s: the deadline %s passed while pbemd was down. Send command: process or command: deadline.\n", fmtUTC(c.HeldSince), gmDeadline(c))
	case c.Status == store.Paused:
		fmt.Fprintf(&b, "Paused since %s; the deadline (%s) moves on by the pause's length when you resume.\n", fmtUTC(c.PausedAt), gmDeadline(c))
	case c.Deadline().IsZero():
		b.WriteString("No player owes orders for this turn, so it has no deadline. Send command: process to resolve it.\n")
	default:
		fmt.Fprintf(&b, "Deadline: %s.\n", gmDeadline(c))
	}
	early := "off"
	if c.Moderation.EarlyResolution {
		early = "on: the turn resolves once every player is final"
	}
	fmt.Fprintf(&b, "Early resolution %s.\n\nOrders on file for turn %d:\n", early, c.Turn)
	for _, s := range c.Players {
		r := o.orders(s.Player)
		var state string
		switch {
		case !s.Active():
			state = "out: " + s.Out
		case !s.Due():
			state = "owes none: not their turn"
		case r == nil:
			state = "missing"
		case r.Submission.Final:
			state = fmt.Sprintf("final, %d orders, received %s", r.Submission.Orders.Len(), fmtUTC(r.Received))
		default:
			state = fmt.Sprintf("not final, %d orders, received %s", r.Submission.Orders.Len(), fmtUTC(r.Received))
		}
		if s.Active() && s.Forfeits > 0 {
			state += fmt.Sprintf(" (forfeited the last %d turn(s))", s.Forfeits)
		}
		fmt.Fprintf(&b, "  %-12s %s\n", s.Player, state)
	}
	_, all := extensionCounts(exts, "")
	fmt.Fprintf(&b, "\nExtensions granted: %d of %d for the campaign, %d per player.\n", all, c.Moderation.Extensions.PerCampaign, c.Moderation.Extensions.PerPlayer)
	for _, e := range exts {
		if e.Status == store.ExtensionPending {
			fmt.Fprintf(&b, "  waiting for you: %s asks %d hours for turn %d (%s)\n", e.Player, e.Hours, e.Turn, orNone(e.Reason))
		}
	}
	fmt.Fprintf(&b, "\nBattles waiting for a result: %d.\n", len(rec.State.Battles))
	for _, bt := range rec.State.Battles {
		where := string(bt.At)
		if bt.Lane != nil {
			where = fmt.Sprintf("the lane %s–%s", bt.Lane.A, bt.Lane.B)
		}
		fmt.Fprintf(&b, "  %s: turn %d at %s between %s\n", bt.ID, bt.Turn, where, joinPlayers(bt.Sides))
	}
	fmt.Fprintf(&b, "\nAudit log (latest last):\n")
	if len(log) == 0 {
		b.WriteString("  nothing yet\n")
	}
	for _, e := range log[max(0, len(log)-30):] {
		fmt.Fprintf(&b, "  %s  %-6s %s", fmtUTC(e.At), e.Who, e.Action)
		if e.Detail != "" {
			fmt.Fprintf(&b, ": %s", e.Detail)
		}
		b.WriteString("\n")
	}
	return b.String(), nil
}

// gmPreview resolves the open turn on a copy and mails every report to the
// GM only. Nothing is stored.
func (m *Moderator) gmPreview(r *request) (decision, error) {
	res, err := m.prepareOpenTurn(r.c.ID)
	if err != nil {
		return decision{}, err
	}
	var mails []outgoing
	for _, rep := range append(res.reports, res.heldMails...) {
		to := rep.msg.To[0].Email
		rep.msg.To[0].Email = r.c.GM.Email
		rep.msg.Subject = "[PREVIEW] " + rep.msg.Subject + " (for " + to + ")"
		rep.msg.MessageID = m.derivedID(r.in.MessageID, "preview", to)
		rep.purpose = "preview"
		mails = append(mails, rep)
	}
	text := fmt.Sprintf("Here is how turn %d would resolve now, with the orders on file: %d reports follow, as each player would get them.\nNothing was stored and no player was mailed. Send command: process to resolve it for real.\n",
		r.c.Turn, len(mails))
	return r.done("preview", m.answer(r, fmt.Sprintf("Preview of turn %d", r.c.Turn), text), decision{mails: mails})
}

// gmProcess resolves the open turn now, in the same transaction that
// records the GM's mail, so the command acts once however often the mail
// is read.
func (m *Moderator) gmProcess(r *request) (decision, error) {
	if r.c.Status != store.Running {
		return r.refuse(fmt.Sprintf("Campaign %s is %s; resume it first.", r.c.ID, r.c.Status))
	}
	res, err := m.prepareOpenTurn(r.c.ID)
	if err != nil {
		return decision{}, err
	}
	audit := store.AuditEntry{At: m.clock.Now().UTC(), Who: "gm", Action: "process", Detail: fmt.Sprintf("turn %d", res.turn)}
	apply := func(tx *store.Tx) error {
		if err := res.commit(tx); err != nil {
			return err
		}
		return writeAudit(tx, r.c.ID, audit)
	}
	next := "The campaign has ended."
	if res.c.Status != store.Ended {
		next = fmt.Sprintf("Turn %d is open, due %s.", res.c.Turn, gmDeadline(res.c))
	}
	text := fmt.Sprintf("Turn %d is resolved; %d reports went out. %s\n", res.turn, len(res.reports), next)
	return r.done("process", m.answer(r, fmt.Sprintf("Turn %d resolved", res.turn), text),
		decision{mails: append(res.notices, res.reports...), apply: apply, resolved: res})
}

// gmRollback reopens an earlier turn: its state and its orders come back,
// later turns are deleted, and the turn is played again at a new deadline.
func (m *Moderator) gmRollback(r *request, c *store.Campaign, audit store.AuditEntry) (decision, error) {
	n, err := strconv.Atoi(strings.TrimSpace(r.sub.Command.Args))
	switch {
	case err != nil:
		return r.refuse(fmt.Sprintf("rollback needs the number of the turn to play again, e.g. command: rollback %d.", max(1, c.Turn-1)))
	case n >= c.Turn:
		return r.refuse(fmt.Sprintf("Turn %d has not been resolved: turn %d is the latest. You can roll back to turns 1 to %d.", n, c.Turn, c.Turn-1))
	case n < 1:
		return r.refuse(fmt.Sprintf("There is no turn %d; turns count from 1. You can roll back to turns 1 to %d.", n, c.Turn-1))
	}
	var rec *store.TurnRecord
	if err := m.db.View(func(tx *store.Tx) (err error) { rec, err = tx.Turn(c.ID, n); return err }); err != nil {
		return decision{}, err
	}
	rs, err := m.ruleset(c)
	if err != nil {
		return decision{}, err
	}
	now := m.clock.Now().UTC()
	due, err := rs.Due(rec.State, c.Schedule, now)
	if err != nil {
		return decision{}, err
	}
	from := c.Turn
	for i := range c.Players {
		if p := rec.State.Player(c.Players[i].Player); p != nil && p.Active() {
			c.Players[i].Out = ""
		}
	}
	c.Open(n, due)
	c.Status, c.Rerun = store.Running, n
	c.HeldSince, c.PausedAt = time.Time{}, time.Time{}
	markReminded(c, now)
	audit.Detail = fmt.Sprintf("from turn %d back to turn %d", from, n)
	apply := func(tx *store.Tx) error {
		cur, err := tx.Campaign(c.ID)
		if err != nil || cur.Turn != from {
			return fmt.Errorf("rollback of %s: the campaign moved on", c.ID)
		}
		if err := tx.Rollback(c.ID, n); err != nil {
			return err
		}
		filed, err := tx.TurnOrders(c.ID, n)
		if err != nil {
			return err
		}
		for _, o := range filed {
			o.Submission.Final = false
			if err := tx.PutOrders(c.ID, o); err != nil {
				return err
			}
		}
		if err := tx.PutCampaign(c); err != nil {
			return err
		}
		return writeAudit(tx, c.ID, audit)
	}
	mails := m.tellPlayers(c, r.in.MessageID, "rollback", "", fmt.Sprintf("Turn %d will be played again", n), func(s *store.Seat) string {
		return fmt.Sprintf(`The GM rolled %s back to the start of turn %d. The turn will be played
again, and its new report will say that it replaces the earlier one.
Reports of later turns no longer count.

Your orders on file for turn %d stand, no longer marked final. You may
change them, or send them again with final: true, until %s.
%s`, c.Title, n, n, deadlineFor(c, s), gmNote(r.sub.Command.Text))
	})
	text := fmt.Sprintf("%s is back at the start of turn %d, due %s. Every player has been told; the orders on file for turn %d stand, unmarked final.\n", c.Title, n, gmDeadline(c), n)
	return r.done("rollback", m.answer(r, fmt.Sprintf("Rolled back to turn %d", n), text), decision{mails: mails, apply: apply})
}

// seatArg finds the seat a GM command names.
func seatArg(c *store.Campaign, name string) (*store.Seat, error) {
	s := c.Seat(campaign.PlayerID(name))
	if s == nil {
		ids := make([]string, len(c.Players))
		for i, p := range c.Players {
			ids[i] = string(p.Player)
		}
		return nil, fmt.Errorf("%s has no player %q; its players are %s", c.ID, name, strings.Join(ids, ", "))
	}
	return s, nil
}

// gmReplace gives a seat to a new address with a new token, and sends the
// new player the welcome and the latest report.
func (m *Moderator) gmReplace(r *request, c *store.Campaign, audit store.AuditEntry) (decision, error) {
	fields := strings.Fields(r.sub.Command.Args)
	if len(fields) != 2 {
		return r.refuse("replace needs a player and the new address, e.g. command: replace vorn new.player@example.org")
	}
	s, err := seatArg(c, fields[0])
	if err != nil {
		return r.refuse(err.Error() + ".")
	}
	addr, err := netmail.ParseAddress(fields[1])
	if err != nil {
		return r.refuse(fmt.Sprintf("%q is not a mail address pbemd can use.", fields[1]))
	}
	email := strings.ToLower(addr.Address)
	switch {
	case !s.Active():
		return r.refuse(fmt.Sprintf("%s is out of the campaign (%s); a seat whose holdings are gone cannot be handed on.", s.Player, s.Out))
	case strings.EqualFold(email, s.Email):
		return r.refuse(fmt.Sprintf("%s already plays from %s.", s.Player, email))
	}
	for _, o := range c.Players {
		if strings.EqualFold(o.Email, email) {
			return r.refuse(fmt.Sprintf("%s already plays %s in this campaign; one address plays one seat.", email, o.Player))
		}
	}
	token, err := newToken(m.rand)
	if err != nil {
		return decision{}, err
	}
	old := s.Email
	s.Email, s.TokenHash, s.Forfeits, s.Since, s.Mail = email, hashToken(token), 0, c.Turn, campaign.MailPrefs{}
	var rec *store.TurnRecord
	if err := m.db.View(func(tx *store.Tx) (err error) { rec, err = tx.Turn(c.ID, c.Turn); return err }); err != nil {
		return decision{}, err
	}
	rs, err := m.ruleset(c)
	if err != nil {
		return decision{}, err
	}
	p := *rec.State.Player(s.Player)
	p.Email = email
	subject, text := report.RenderWelcome(&report.Welcome{
		Title: c.Title, Campaign: c.ID, Player: p.ID, Name: p.Name, Token: token,
		Address: m.address, GM: fmt.Sprintf("%s <%s>", c.GM.Name, c.GM.Email),
		Turn: c.Turn, Deadline: deadlineFor(c, s), Orders: rs.Example(rec.State, p.ID).Orders,
	})
	welcome := m.newMail(email, subject, text, m.derivedID(r.in.MessageID, "welcome", email))
	mails := []outgoing{{msg: welcome, campaign: string(c.ID), purpose: "welcome"}}
	past, err := ReportOf(m.db, m.rules, c.ID, p.ID, c.Turn)
	if err != nil {
		return decision{}, err
	}
	report, err := m.reportMail(c, past.View, &p)
	if err != nil {
		return decision{}, err
	}
	report.msg.MessageID = m.derivedID(r.in.MessageID, "report", email)
	mails = append(mails, report)
	bye := m.newMail(old, fmt.Sprintf("[%s] Your seat has a new player", c.ID),
		fmt.Sprintf("The GM has handed your seat in %s (%s) to another player. Your token no longer works, and pbemd will not write to you about this campaign again.\nThank you for playing.\n", c.Title, s.Player),
		m.derivedID(r.in.MessageID, "farewell", old))
	bye.AutoSubmitted = "auto-generated"
	mails = append(mails, outgoing{msg: bye, campaign: string(c.ID), purpose: "farewell"})
	audit.Detail = fmt.Sprintf("%s: %s -> %s", s.Player, old, email)
	apply := steps(putCampaign(c, c.Turn, audit), editState(c.ID, c.Turn, "the GM gave "+string(s.Player)+"'s seat to a new player", func(st *campaign.State) { st.Player(s.Player).Email = email }))
	text = fmt.Sprintf("%s now plays from %s. The new player has a new token, the welcome mail and the latest report; the old token no longer works.\n", s.Player, email)
	return r.done("replace", m.answer(r, fmt.Sprintf("%s has a new player", s.Player), text), decision{mails: mails, apply: apply})
}

// gmDrop takes a player out of the campaign now; the ruleset's report
// tells everyone, citing its rule.
func (m *Moderator) gmDrop(r *request, c *store.Campaign, audit store.AuditEntry) (decision, error) {
	s, err := seatArg(c, strings.TrimSpace(r.sub.Command.Args))
	switch {
	case err != nil:
		return r.refuse(err.Error() + ". Write e.g. command: drop vorn.")
	case !s.Active():
		return r.refuse(fmt.Sprintf("%s is already out of the campaign: %s.", s.Player, s.Out))
	case c.Status == store.Ended:
		return r.refuse(fmt.Sprintf("Campaign %s has ended.", c.ID))
	}
	const why = "dropped by the GM"
	s.Out = why
	mails := m.droppedMails(c, s, why, r.in.MessageID)
	apply := steps(putCampaign(c, c.Turn, audit), editState(c.ID, c.Turn, "the GM dropped "+string(s.Player), func(st *campaign.State) { st.Drop(s.Player, why) }))
	text := fmt.Sprintf("%s is out of %s. Everything they held is gone; every player reads it in the next report.\n", s.Player, c.Title)
	return r.done("drop", m.answer(r, fmt.Sprintf("%s dropped", s.Player), text), decision{mails: mails[:1], apply: apply})
}

// droppedMails tells a dropped player, and the GM, that the player is out.
// base makes their Message-IDs.
func (m *Moderator) droppedMails(c *store.Campaign, s *store.Seat, why, base string) []outgoing {
	bye := m.newMail(s.Email, fmt.Sprintf("[%s] You are out of %s", c.ID, c.Title),
		fmt.Sprintf("You are out of %s: %s.\nEverything you held is gone. Write to the GM if you think this is a mistake.\n", c.Title, why),
		m.derivedID(base, "dropped", s.Email))
	bye.AutoSubmitted = "auto-generated"
	gm := m.toGM(c, base, "dropped", fmt.Sprintf("%s is out", s.Player), fmt.Sprintf("%s is out of %s: %s.\n", s.Player, c.Title, why))
	return []outgoing{{msg: bye, campaign: string(c.ID), purpose: "dropped"}, gm}
}

func joinPlayers(ids []campaign.PlayerID) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = string(id)
	}
	return strings.Join(out, ", ")
}
