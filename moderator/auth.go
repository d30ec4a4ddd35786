package moderator

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// seat is one place an address plays.
type seat struct {
	campaign *store.Campaign
	seat     *store.Seat
}

// seatsOf returns every seat registered to an address, by campaign ID.
func (m *Moderator) seatsOf(addr string) ([]seat, error) {
	var out []seat
	err := m.db.View(func(tx *store.Tx) error {
		camps, err := m.campaigns.all(tx)
		for _, c := range camps {
			for i := range c.Players {
				if strings.EqualFold(c.Players[i].Email, addr) {
					c := c.Clone()
					out = append(out, seat{campaign: c, seat: &c.Players[i]})
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
var tokenAfterKey = regexp.MustCompile(`(?i:\btoken)[ \t]*:[ \t]*["']?([A-Z2-7]{4}(?:-[A-Z2-7]{4}){7})\b`)

// authentic reports whether a mail's text carries, after a token key, the
// token of a seat its sender holds or of a campaign its sender is the GM
// of. It says only that the mail comes from someone who holds a token of
// the address; which seat the mail is for is authenticateSeat's job.
func authentic(text []byte, seats []seat, gms []*store.Campaign) bool {
	for _, m := range tokenAfterKey.FindAllSubmatch(text, 16) {
		token := string(m[1])
		for _, s := range seats {
			if tokenMatches(token, s.seat.TokenHash) {
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

type rejectFunc func(campaign.ID, *report.Rejection) (decision, error)

// authenticate finds the seat a submission is for among the sender's seats
// and checks that the orders may be taken for it: authenticateSeat's
// checks, and the campaign runs. It returns the seat, if any, and the
// reason to refuse, if any.
func authenticate(seats []seat, sub *orders.Submission, problem problemFunc) (*seat, *report.Rejection) {
	s, refusal := authenticateSeat(seats, sub, problem)
	if s != nil && refusal == nil && s.campaign.Status != store.Running {
		c := s.campaign
		refusal = &report.Rejection{Reason: report.Say(report.NotTakingOrders{Campaign: c.ID, Status: string(c.Status), Paused: c.Status == store.Paused})}
	}
	return s, refusal
}

// problemFunc rejects a mail for a problem at one of its header keys.
type problemFunc func(key string, t report.Text) *report.Rejection

// authenticateSeat finds the seat a submission or request is for: the
// sender holds the seat it names, it carries that seat's token, and the
// player is still in the campaign.
func authenticateSeat(seats []seat, sub *orders.Submission, problem problemFunc) (*seat, *report.Rejection) {
	var s *seat
	var mine []string
	for i := range seats {
		mine = append(mine, string(seats[i].campaign.ID))
		if seats[i].campaign.ID == sub.Campaign {
			s = &seats[i]
		}
	}
	if s == nil {
		return nil, problem("campaign", report.NotYourCampaign{Campaign: sub.Campaign, Mine: mine})
	}
	c := s.campaign
	switch {
	case sub.Player != s.seat.Player:
		return s, problem("player", report.WrongSeat{Player: s.seat.Player, Campaign: c.ID, Named: sub.Player})
	case sub.Token == "":
		return s, problem("token", report.NoToken{})
	case !tokenMatches(sub.Token, s.seat.TokenHash):
		return s, problem("token", report.WrongToken{})
	case !s.seat.Active():
		return s, &report.Rejection{Reason: report.Say(report.PlayerIsOut{Campaign: c.ID, Out: s.seat.Out})}
	}
	return s, nil
}

// checkOrders authenticates a parsed submission and validates it against
// the campaign's state.
func (m *Moderator) checkOrders(in *mail.Inbound, rec *store.MessageRecord, seats []seat, sub *orders.Submission, reject rejectFunc) (decision, error) {
	problem := func(key string, t report.Text) *report.Rejection {
		return &report.Rejection{Source: in.Text, SourceName: sourceName(in), Problems: orders.Problems{report.Problem(t, sub.Pos[key])}}
	}
	s, refusal := authenticate(seats, sub, problem)
	if s == nil {
		return reject(soleCampaign(seats), refusal)
	}
	c := s.campaign
	rec.Campaign, rec.Player = string(c.ID), string(s.seat.Player)
	if refusal != nil {
		return reject(c.ID, refusal)
	}
	var (
		rec0  *store.TurnRecord
		prior time.Time // when the orders on file arrived
		filed bool      // whether there are any
	)
	err := m.db.View(func(tx *store.Tx) error {
		var err error
		if rec0, err = m.turns.get(tx, c.ID, c.Turn); err != nil {
			return err
		}
		prior, filed, err = tx.OrdersReceived(c.ID, c.Turn, s.seat.Player)
		return err
	})
	if err != nil {
		return decision{}, err
	}
	p := rec0.State.Player(s.seat.Player)
	loc := playerLocation(c, p)
	if !s.seat.Due() {
		return reject(c.ID, notDue(c, loc))
	}
	deadline := report.FormatDeadline(s.seat.Deadline, loc)
	if sub.Turn != c.Turn {
		return reject(c.ID, problem("turn", report.WrongTurn{Turn: sub.Turn, Open: c.Turn, Deadline: deadline}))
	}
	// Orders count by when they arrived (see arrival), against the
	// player's own deadline. While the campaign is held for the GM after
	// an outage, the turn is still open.
	if !rec.Arrived.Before(s.seat.Deadline) && c.HeldSince.IsZero() {
		return reject(c.ID, &report.Rejection{Reason: report.Say(report.TooLate{Turn: c.Turn, Deadline: deadline, Arrived: report.FormatDeadline(rec.Arrived, loc)})})
	}
	rs, err := m.ruleset(c)
	if err != nil {
		return decision{}, err
	}
	checked, err := m.turns.checker(c.ID, rec0, rs)(sub)
	if err != nil {
		r := problemsRejection(err, in)
		if filed {
			r.OnFile = report.Say(report.OnFile{Received: report.FormatDeadline(prior, loc)})
		}
		return reject(c.ID, r)
	}
	stored := *sub
	stored.Token = ""
	rec.Outcome = store.Accepted
	subject, text := report.RenderConfirmation(&report.Confirmation{
		Title: c.Title, Campaign: c.ID, Player: s.seat.Player, Turn: c.Turn, Deadline: deadline,
		Echo: checked.Echo(), Summary: checked.Summary(), Final: sub.Final, Replaced: filed,
	})
	reply := outgoing{msg: m.reply(in, subject, text), campaign: string(c.ID), purpose: "confirmation"}
	return decision{
		mails: []outgoing{reply},
		filed: &filing{campaign: c.ID, OrdersRecord: &store.OrdersRecord{
			Player: s.seat.Player, Turn: c.Turn, Submission: &stored, MessageID: in.MessageID, Received: rec.Arrived,
		}},
		secret: sub.Token,
	}, nil
}

// notDue refuses orders from a player who owes none for the open turn,
// saying who does and by when, in the player's time zone.
func notDue(c *store.Campaign, loc *time.Location) *report.Rejection {
	why := report.NotDue{Turn: c.Turn}
	for _, s := range c.DueSeats() {
		why.Due = append(why.Due, report.DueSeat{Player: s.Player, Deadline: report.FormatDeadline(s.Deadline, loc)})
	}
	return &report.Rejection{Reason: report.Say(why)}
}

// syntheticID names a mail whose header could not be read, so that it is
// still processed once only.
func syntheticID(f mail.Fetched) string {
	return fmt.Sprintf("unreadable-%d-%d@pbemd.invalid", f.UIDValidity, f.UID)
}
