package moderator

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// playerCommand carries out a command from an authenticated player:
// status, report, message or mail.
func (m *Moderator) playerCommand(r *request) (decision, error) {
	switch r.sub.Command.Verb {
	case "status":
		return m.playerStatus(r)
	case "report":
		return m.resendReport(r)
	case "message":
		return m.relayMessage(r)
	case "mail":
		return m.setMailPrefs(r)
	}
	return r.refuseString(fmt.Sprintf("%q is not a command players can give; send command: status, command: report, command: message or command: mail.", r.sub.Command.Verb))
}

// playerStatus tells a player their orders on file, costed, and the
// deadline.
func (m *Moderator) playerStatus(r *request) (decision, error) {
	c, s := r.c, r.seat
	var (
		rec  *store.TurnRecord
		on   *store.OrdersRecord
		exts []*store.Extension
	)
	err := m.db.View(func(tx *store.Tx) error {
		var err error
		if rec, err = tx.Turn(c.ID, c.Turn); err != nil {
			return err
		}
		if on, err = tx.Orders(c.ID, c.Turn, s.Player); err != nil {
			return err
		}
		exts, err = tx.Extensions(c.ID)
		return err
	})
	if err != nil {
		return decision{}, err
	}
	loc := seatLocation(c, s)
	var b strings.Builder
	fmt.Fprintf(&b, "%s: turn %d (%s), %s.\n", c.Title, c.Turn, rec.State.Date(), c.Status)
	if c.Status != store.Ended {
		fmt.Fprintf(&b, "Deadline: %s.\n", deadlineFor(c, s))
	}
	b.WriteString("\n")
	switch {
	case !s.Due():
		fmt.Fprintf(&b, "You owe no orders for turn %d: it is not your turn.\n", c.Turn)
	case on == nil:
		fmt.Fprintf(&b, "You have no orders on file for turn %d. Without orders you forfeit the turn (UTD3.31).\n", c.Turn)
	default:
		final := "not marked final: they stand as they are unless you send new ones"
		if on.Submission.Final {
			final = "marked final"
		}
		fmt.Fprintf(&b, "Your orders for turn %d, received %s, are %s:\n\n", c.Turn, report.FormatDeadline(on.Received, loc), final)
		rs, err := m.ruleset(c)
		if err != nil {
			return decision{}, err
		}
		checked, err := rs.Check(rec.State, on.Submission)
		if err != nil {
			fmt.Fprintf(&b, "They no longer fit the state and would be dropped at the deadline:\n%v\n", err)
			break
		}
		b.WriteString(checked.Echo())
	}
	mine, _ := extensionCounts(exts, string(s.Player))
	fmt.Fprintf(&b, "\nExtensions granted to you: %d of %d.\n", mine, c.Moderation.Extensions.PerPlayer)
	for _, e := range exts {
		if e.Player == s.Player && e.Status == store.ExtensionPending {
			fmt.Fprintf(&b, "Your request for %d hours for turn %d waits for the GM.\n", e.Hours, e.Turn)
		}
	}
	return r.done("status", m.answerString(r, fmt.Sprintf("Your status for turn %d", c.Turn), b.String()), decision{})
}

// resendReport sends a player a report again: the latest, or the one
// that opened the turn they name, as its subject names it.
func (m *Moderator) resendReport(r *request) (decision, error) {
	c, s := r.c, r.seat
	n := c.Turn
	if a := strings.TrimSpace(r.sub.Command.Args); a != "" {
		var err error
		if n, err = strconv.Atoi(a); err != nil || n < 1 || n > c.Turn {
			return r.refuseString(fmt.Sprintf("There is no turn %q report. Reports are named by the turn they open, from turn 1 (the first, sent when the campaign started) to turn %d; send e.g. command: report %d.", a, c.Turn, c.Turn))
		}
	}
	past, err := ReportOf(m.db, m.rules, c.ID, s.Player, n)
	if err != nil {
		return decision{}, err
	}
	var rec *store.TurnRecord
	if err := m.db.View(func(tx *store.Tx) (err error) { rec, err = tx.Turn(c.ID, n); return err }); err != nil {
		return decision{}, err
	}
	report, err := m.reportMail(c, past.View, rec.State.Player(s.Player))
	if err != nil {
		return decision{}, err
	}
	report.msg.MessageID = m.derivedID(r.in.MessageID, "report", s.Email)
	report.msg.InReplyTo = r.in.MessageID
	report.msg.References = []string{r.in.MessageID}
	report.msg.Subject += " (sent again)"
	r.rec.Outcome, r.rec.Campaign, r.rec.Player, r.rec.Detail = store.Accepted, string(c.ID), string(s.Player), fmt.Sprintf("report %d", n)
	return decision{mails: []outgoing{report}, secret: r.sub.Token}, nil
}

// relayMessage passes a player's message to another player or to all, as
// the campaign's message policy allows. No address is ever shown: the
// mail comes from the moderator, signed with the sender's player name or
// not at all.
func (m *Moderator) relayMessage(r *request) (decision, error) {
	c, s, cmd := r.c, r.seat, r.sub.Command
	policy := c.Moderation.Messages
	to, rest, _ := strings.Cut(cmd.Args, " ")
	body := strings.TrimSpace(strings.TrimSpace(rest) + "\n" + cmd.Text)
	anonymous := cmd.Anonymous || policy == campaign.MessagesAnonymous
	switch {
	case policy == campaign.MessagesOff:
		return r.refuseString("This campaign relays no messages between players.")
	case cmd.Anonymous && policy == campaign.MessagesSigned:
		return r.refuseString("This campaign relays signed messages only; remove anonymous: true to send it with your player name.")
	case to == "":
		return r.refuseString("message needs a recipient: command: message castellan, or command: message all, with the text under text:.")
	case body == "":
		return r.refuseString("The message has no text. Put it under text: on the lines below the command.")
	case to == string(s.Player):
		return r.refuseString("You cannot send a message to yourself.")
	}
	var targets []*store.Seat
	if to == "all" {
		for _, o := range c.ActiveSeats() {
			if o.Player != s.Player {
				targets = append(targets, o)
			}
		}
	} else {
		o := c.Seat(campaign.PlayerID(to))
		if o == nil || !o.Active() {
			return r.refuseString(fmt.Sprintf("There is no player %q still in %s. Write a player name as the reports show it, or all.", to, c.ID))
		}
		targets = append(targets, o)
	}
	from, answer := string(s.Player), fmt.Sprintf("To answer, send command: message %s with your campaign, player and token.", s.Player)
	if anonymous {
		from, answer = "a player who does not give their name", "The sender chose not to give their name, so it cannot be answered directly."
	}
	var mails []outgoing
	for _, o := range targets {
		text := fmt.Sprintf("A message for you in %s, from %s:\n\n%s\n\n-- \n%s\npbemd relays messages between players without showing anyone's address.\n", c.Title, from, indent(body), answer)
		msg := m.newMail(o.Email, fmt.Sprintf("[%s] Message from %s", c.ID, from), text, m.derivedID(r.in.MessageID, "message", o.Email))
		mails = append(mails, outgoing{msg: msg, campaign: string(c.ID), purpose: "message"})
	}
	names := make([]string, len(targets))
	for i, o := range targets {
		names[i] = string(o.Player)
	}
	how := "signed with your player name"
	if anonymous {
		how = "without your name"
	}
	text := fmt.Sprintf("Your message went to %s, %s. No addresses were shown.\n", strings.Join(names, ", "), how)
	return r.done("message", m.answerString(r, "Message relayed", text), decision{mails: mails})
}
