package workflow

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// SenderSeat is one place an address plays, or may act for as a proxy.
type SenderSeat struct {
	Campaign *store.Campaign
	Seat     *store.Seat
	// proxy says the address is one the player named to act for them.
	proxy bool
}

// seatsOf returns every seat registered to an address, and every seat
// whose player named it their proxy, by campaign ID.
func (m *Moderation) seatsOf(addr string) ([]SenderSeat, error) {
	var out []SenderSeat
	err := m.db.View(func(tx *store.Tx) error {
		camps, err := m.Campaigns.All(tx)
		for _, c := range camps {
			for i := range c.Players {
				own, proxy := strings.EqualFold(c.Players[i].Email, addr), c.Players[i].ProxiedBy(addr)
				if own || proxy {
					c := c.Clone()
					out = append(out, SenderSeat{Campaign: c, Seat: &c.Players[i], proxy: proxy && !own})
				}
			}
		}
		return err
	})
	return out, err
}

// tokenAfterKey matches a token written as the value of a token key, in
// block or flow style, quoted or not, in YAML pbemd may not be able to
// parse: only there does a token say who sent a mail.
// A space may be a no-break space, as HTML mail writes &nbsp;.
var tokenAfterKey = regexp.MustCompile(`(?i:\btoken)[ \t\x{a0}]*:[ \t\x{a0}]*["']?([A-Z2-7]{4}(?:-[A-Z2-7]{4}){7})\b`)

// authentic reports whether a mail carries, after a token key, the token
// of a seat its sender holds or of a campaign its sender is the GM of: in
// its text, or in its HTML part where it has no text. It says only that
// the mail comes from someone who holds a token of the address; which
// seat the mail is for is authenticateSeat's job.
func authentic(in *mail.Inbound, seats []SenderSeat, gms []*store.Campaign) bool {
	text := in.Text
	if len(text) == 0 {
		text = in.HTMLText
	}
	for _, m := range tokenAfterKey.FindAllSubmatch(text, 16) {
		token := string(m[1])
		for _, s := range seats {
			if tokenMatches(token, s.Seat.TokenHash) {
				return true
			}
		}
		for _, c := range gms {
			if tokenMatches(token, c.GMTokenHash) {
				return true
			}
		}
	}
	return false
}

type RejectFunc func(campaign.ID, *report.Rejection) (Decision, error)

// authenticate finds the seat a submission is for among the sender's seats
// and checks that the orders may be taken for it: authenticateSeat's
// checks, and the campaign runs. It returns the seat, if any, and the
// reason to refuse, if any.
func authenticate(seats []SenderSeat, sub *orders.Submission, problem problemFunc) (*SenderSeat, *report.Rejection) {
	s, refusal := authenticateSeat(seats, sub, problem)
	if s != nil && refusal == nil && s.Campaign.Status != store.Running {
		refusal = notTakingOrders(s.Campaign)
	}
	return s, refusal
}

// notTakingOrders refuses orders for campaign c, which is paused or over.
func notTakingOrders(c *store.Campaign) *report.Rejection {
	return &report.Rejection{Reason: report.Say(report.NotTakingOrders{Campaign: c.ID, Status: string(c.Status), Paused: c.Status == store.Paused})}
}

// playerIsOut refuses orders for seat s of campaign c, whose player is out.
func playerIsOut(c *store.Campaign, s *store.Seat) *report.Rejection {
	return &report.Rejection{Reason: report.Say(report.PlayerIsOut{Campaign: c.ID, Out: s.Out,
		Resigned: s.Out == report.Say(report.ResignedOut{})})}
}

// problemFunc rejects a mail for a problem at one of its header keys.
type problemFunc func(key string, t report.Text) *report.Rejection

// authenticateSeat finds the seat a submission or request is for: the
// sender holds the seat it names, it carries that seat's token, and the
// player is still in the campaign.
func authenticateSeat(seats []SenderSeat, sub *orders.Submission, problem problemFunc) (*SenderSeat, *report.Rejection) {
	var s *SenderSeat
	var mine []string
	for i := range seats {
		if !slices.Contains(mine, string(seats[i].Campaign.ID)) {
			mine = append(mine, string(seats[i].Campaign.ID))
		}
		// An address may hold a seat and act for other players of the
		// same campaign: the player: line says which.
		if seats[i].Campaign.ID == sub.Campaign && (s == nil || seats[i].Seat.Player == sub.Player) {
			s = &seats[i]
		}
	}
	if s == nil {
		return nil, problem("campaign", report.NotYourCampaign{Campaign: sub.Campaign, Mine: mine})
	}
	c := s.Campaign
	switch {
	case sub.Player != s.Seat.Player:
		return s, problem("player", report.WrongSeat{Player: s.Seat.Player, Campaign: c.ID, Named: sub.Player, Proxy: s.proxy})
	case sub.Token == "":
		return s, problem("token", report.NoToken{})
	case !tokenMatches(sub.Token, s.Seat.TokenHash):
		return s, problem("token", report.WrongToken{})
	case !s.Seat.Active():
		return s, playerIsOut(c, s.Seat)
	}
	return s, nil
}

// checkOrders authenticates a parsed submission and validates it against
// the campaign's state.
func (m *Moderation) checkOrders(ml *Mail) (Decision, error) {
	rec, seats, sub, reject, problem := ml.Rec, ml.Seats, ml.Sub, ml.Reject, ml.problem
	s, refusal := authenticate(seats, sub, problem)
	if s == nil {
		return reject(soleCampaign(seats), refusal)
	}
	c := s.Campaign
	rec.Campaign, rec.Player = string(c.ID), string(s.Seat.Player)
	if refusal != nil {
		return reject(c.ID, refusal)
	}
	k := &ordersCheck{Mail: ml, s: s, c: c}
	if err := m.loadOrdersCheck(k); err != nil {
		return Decision{}, err
	}
	if refusal := k.refuseUntimely(problem); refusal != nil {
		return reject(c.ID, refusal)
	}
	whole, refusal, err := m.amendOnFile(k)
	switch {
	case err != nil:
		return Decision{}, err
	case refusal != nil:
		return reject(c.ID, refusal)
	}
	checked, err := m.Turns.checker(c.ID, k.turn, k.rs)(whole)
	if err != nil {
		return reject(c.ID, k.checkRejection(err))
	}
	return m.acceptOrders(k, whole, checked), nil
}

// ordersCheck is a mail of orders being checked: the mail, its record
// and its submission, the seat it is for, and what checking it reads.
type ordersCheck struct {
	*Mail
	s *SenderSeat
	c *store.Campaign
	// turn is the open turn's record, shared from the turn cache, and rs
	// the campaign's ruleset.
	turn *store.TurnRecord
	rs   game.Ruleset
	// seq is the ruleset where its turn takes several mails, else nil.
	seq game.Sequential
	// prior is when the orders on file arrived, and filed whether there
	// are any.
	prior time.Time
	filed bool
	// loc is the player's time zone, and deadline their deadline in it.
	loc      *time.Location
	deadline string
}

// loadOrdersCheck reads the open turn's record and when the orders on
// file arrived, and finds the ruleset, for k.
func (m *Moderation) loadOrdersCheck(k *ordersCheck) error {
	c, p := k.c, k.s.Seat.Player
	err := m.db.View(func(tx *store.Tx) error {
		var err error
		if k.turn, err = m.Turns.Get(tx, c.ID, c.Turn); err != nil {
			return err
		}
		k.prior, k.filed, err = tx.OrdersReceived(c.ID, c.Turn, p)
		return err
	})
	if err != nil {
		return err
	}
	k.loc = SeatLocation(c, k.s.Seat)
	if k.rs, err = m.Ruleset(c); err != nil {
		return err
	}
	k.seq, _ = k.rs.(game.Sequential)
	k.deadline = report.FormatDeadline(k.s.Seat.Deadline, k.loc)
	return nil
}

// refuseUntimely returns why the orders are refused before they are read:
// the player owes none, they are for another turn, or they came too late.
// It returns nil if none of these holds.
func (k *ordersCheck) refuseUntimely(problem problemFunc) *report.Rejection {
	c, s, arrived := k.c, k.s.Seat, k.Rec.Arrived
	switch {
	case !s.Due():
		return &report.Rejection{Reason: report.Say(notDue(c, k.rs, k.turn.State, s.Player, k.loc))}
	case k.Sub.Turn != c.Turn:
		return problem("turn", report.WrongTurn{Turn: k.Sub.Turn, Open: c.Turn, Deadline: k.deadline})
	// Orders count by when they arrived (see arrival), against the
	// player's own deadline. While the campaign is held for the GM after
	// an outage, the turn is still open.
	case !arrived.Before(s.Deadline) && c.HeldSince.IsZero():
		return &report.Rejection{Reason: report.Say(report.TooLate{Turn: c.Turn, Deadline: k.deadline, Arrived: report.FormatDeadline(arrived, k.loc)})}
	}
	return nil
}

// amendOnFile returns the orders to check and file: the submission, or,
// under a sequential ruleset, whose turn takes several mails, the orders
// on file with the submission's added. Final orders on file end the turn,
// and it refuses more.
func (m *Moderation) amendOnFile(k *ordersCheck) (*orders.Submission, *report.Rejection, error) {
	if k.seq == nil {
		return k.Sub, nil, nil
	}
	c, p := k.c, k.s.Seat.Player
	var onFile *orders.Submission
	if k.filed {
		err := m.db.View(func(tx *store.Tx) error {
			r, err := tx.Orders(c.ID, c.Turn, p)
			if r != nil {
				onFile = r.Submission
			}
			return err
		})
		if err != nil {
			return nil, nil, err
		}
	}
	// Final orders end the turn: the player was told it passes with
	// them, and it does, whatever comes before it is resolved.
	if onFile != nil && onFile.Final {
		return nil, &report.Rejection{Reason: report.Say(report.TurnFinal{
			Turn: c.Turn, Player: p, Received: report.FormatDeadline(k.prior, k.loc), Proxy: k.s.proxy})}, nil
	}
	return k.seq.Amend(onFile, k.Sub), nil, nil
}

// checkRejection is the refusal of orders the ruleset's check found
// problems in, which says when the orders on file arrived.
func (k *ordersCheck) checkRejection(err error) *report.Rejection {
	r := problemsRejection(err, k.In)
	if k.filed {
		r.OnFile = report.Say(report.OnFile{Received: report.FormatDeadline(k.prior, k.loc), Added: k.seq != nil})
	}
	return r
}

// acceptOrders files the checked orders whole, without their token, and
// confirms them to the player.
func (m *Moderation) acceptOrders(k *ordersCheck, whole *orders.Submission, checked game.Checked) Decision {
	c, p, sub := k.c, k.s.Seat.Player, k.Sub
	stored, subject, text := k.confirm(whole, checked)
	k.Rec.Outcome = store.Accepted
	reply := Outgoing{Msg: m.Reply(k.In, subject, text), Campaign: string(c.ID), Purpose: "confirmation"}
	return Decision{
		Mails: []Outgoing{reply},
		Filed: &filing{Campaign: c.ID, OrdersRecord: &store.OrdersRecord{
			Player: p, Turn: c.Turn, Submission: &stored, MessageID: k.In.MessageID, Received: k.Rec.Arrived,
		}},
		Secret: sub.Token,
	}
}

// confirm returns the orders to file, whole and without their token, and
// the confirmation that tells the player so.
func (k *ordersCheck) confirm(whole *orders.Submission, checked game.Checked) (stored orders.Submission, subject, text string) {
	stored = *whole
	stored.Token = ""
	// Orders that leave nothing more to order end the turn as final ones
	// do: filed final, the scheduler resolves it at once.
	spent := k.seq != nil && game.IsSpent(checked)
	stored.Final = stored.Final || spent
	subject, text = report.RenderConfirmation(&report.Confirmation{
		Title: k.c.Title, Campaign: k.c.ID, Player: k.s.Seat.Player, Turn: k.c.Turn, Deadline: k.deadline,
		Echo: checked.Echo(), Summary: checked.Summary(), Final: stored.Final, Replaced: k.filed,
		Sequential: k.seq != nil, Spent: spent && !k.Sub.Final,
	})
	return stored, subject, text
}

// notDue tells player p, who owes no orders for the open turn, who does
// and by when, in the player's time zone, or what the turn waits on, and,
// where the ruleset tells the order of play, whose turns come before p's.
func notDue(c *store.Campaign, rs game.Ruleset, st *campaign.State, p campaign.PlayerID, loc *time.Location) *report.NotDue {
	why := report.NotDue{Turn: c.Turn}
	for _, s := range c.DueSeats() {
		why.Due = append(why.Due, report.DueSeat{Player: s.Player, Deadline: report.FormatDeadline(s.Deadline, loc)})
	}
	if len(why.Due) == 0 {
		// What the turn waits on: its battles, and the polls open, such as
		// a call for a volunteer to play a non-player empire.
		for _, b := range st.Battles {
			why.Battles = append(why.Battles, b.ID)
		}
		for _, q := range st.Polls {
			why.Polls = append(why.Polls, report.OpenBallot{Poll: q.ID, Subject: q.Subject, Closes: report.FormatDeadline(q.Closes, loc)})
		}
	}
	if order, ok := rs.(game.TurnOrder); ok {
		queue := order.Queue(st)
		if i := slices.Index(queue, p); i > 0 {
			why.Before = queue[:i]
		}
	}
	return &why
}

// SyntheticID names a mail whose header could not be read, so that it is
// still processed once only.
func SyntheticID(f mail.Fetched) string {
	return fmt.Sprintf("unreadable-%d-%d@pbemd.invalid", f.UIDValidity, f.UID)
}

// copyPlayer sends the reply to a mail a proxy sent for a player, with the
// player's token, to the player as well: a player hears of everything done
// in their name.
func copyPlayer(d Decision, ml *Mail) Decision {
	in, rec, seats := ml.In, ml.Rec, ml.Seats
	if len(d.Mails) == 0 || d.Mails[0].Msg.InReplyTo != in.MessageID {
		return d
	}
	for _, s := range seats {
		if s.proxy && string(s.Campaign.ID) == rec.Campaign && string(s.Seat.Player) == rec.Player && authentic(in, []SenderSeat{s}, nil) {
			d.Mails[0].Msg.To = append(d.Mails[0].Msg.To, mail.Address{Email: s.Seat.Email})
		}
	}
	return d
}

func soleCampaign(seats []SenderSeat) campaign.ID {
	if len(seats) == 1 {
		return seats[0].Campaign.ID
	}
	return ""
}

// ownExample puts, in place of the generic example orders a rejection
// offers for a mail with no orders in it (a question in prose, say), an
// example with the sender's own campaign, seat and turn, or the GM's
// command.
func (m *Moderation) ownExample(r *report.Rejection, seats []SenderSeat, gms []*store.Campaign) error {
	generic := func(p orders.Problem) bool { return p.Hint == orders.MinimalExample }
	if !slices.ContainsFunc(r.Problems, generic) {
		return nil
	}
	var hint string
	switch {
	case len(seats) > 0:
		c, p := seats[0].Campaign, seats[0].Seat.Player
		var rec *store.TurnRecord
		if err := m.db.View(func(tx *store.Tx) (err error) { rec, err = m.Turns.Get(tx, c.ID, c.Turn); return err }); err != nil {
			return err
		}
		rs, err := m.Ruleset(c)
		if err != nil {
			return err
		}
		hint = report.OrdersExample(c.ID, p, c.Turn, rs.Example(rec.State, p).Order)
	case len(gms) > 0:
		hint = report.CommandExample(gms[0].ID)
	}
	for i := range r.Problems {
		if generic(r.Problems[i]) {
			r.Problems[i].Hint = hint
		}
	}
	return nil
}

func problemsRejection(err error, in *mail.Inbound) *report.Rejection {
	r := &report.Rejection{Source: in.Text, SourceName: sourceName(in)}
	var ps orders.Problems
	if errors.As(err, &ps) {
		r.Problems = ps
	} else {
		r.Reason = err.Error()
	}
	return r
}

func sourceName(in *mail.Inbound) string {
	if strings.HasPrefix(in.TextSource, "attachment ") {
		return in.TextSource
	}
	return "your mail"
}
