package moderator

import (
	"context"
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// Seat is a player's seat in a new campaign, with the token that was mailed
// to them.
type Seat struct {
	Player campaign.PlayerID
	Email  string
	Token  string
}

// CreateCampaign starts a campaign from a scenario: it stores turn 1, sets
// the first deadline, and queues for every player a welcome mail with their
// token and their first report. It returns the seats so that a caller that
// plays seats itself (the demo) knows the tokens.
func (m *Moderator) CreateCampaign(ctx context.Context, sc *config.Scenario) ([]Seat, error) {
	st := sc.State
	now := m.clock.Now().UTC()
	rs, err := m.rules.Lookup(st.Rules.Preset)
	if err != nil {
		return nil, fmt.Errorf("create campaign %s: %w", st.Campaign, err)
	}
	due, err := rs.Due(st, sc.Schedule, now)
	if err != nil {
		return nil, fmt.Errorf("create campaign %s: %w", st.Campaign, err)
	}
	rec := &store.Campaign{
		ID: st.Campaign, Title: st.Title, Rules: rs.Name(), Schedule: sc.Schedule,
		GM:     store.Contact{Name: sc.GM.Name, Email: sc.GM.Email},
		Status: store.Running, Created: now,
		Moderation: sc.Moderation,
	}
	gmToken, err := newToken(m.rand)
	if err != nil {
		return nil, err
	}
	rec.GMTokenHash = hashToken(gmToken)
	var seats []Seat
	for _, p := range st.Players {
		token, err := newToken(m.rand)
		if err != nil {
			return nil, err
		}
		seats = append(seats, Seat{Player: p.ID, Email: p.Email, Token: token})
		rec.Players = append(rec.Players, store.Seat{Player: p.ID, Email: p.Email, TimeZone: p.TimeZone, TokenHash: hashToken(token)})
	}
	rec.Open(st.Turn, due)
	markReminded(rec, now)
	var mails []outgoing
	views := rs.Observe(st)
	for i, p := range st.Players {
		subject, text := report.RenderWelcome(m.welcomeOf(rec, rs, st, &rec.Players[i], p.Name, seats[i].Token))
		mails = append(mails, outgoing{
			msg:      m.newMail(p.Email, subject, text, fmt.Sprintf("welcome.%s.%s@%s", st.Campaign, p.ID, m.domain)),
			campaign: string(st.Campaign), purpose: "welcome",
		})
		report, err := m.reportMail(rec, views[i], &p, nil)
		if err != nil {
			return nil, err
		}
		mails = append(mails, report)
	}
	mails = append(mails, m.gmWelcome(rec, rs, st, gmToken))
	composed, err := compose(mails)
	if err != nil {
		return nil, err
	}
	err = m.db.Update(func(tx *store.Tx) error {
		first := &store.TurnRecord{State: st, ResolverVersion: rs.Version(), Deadline: rec.Deadline(), Waiting: waiting(rec)}
		if err := tx.CreateCampaign(rec, first); err != nil {
			return err
		}
		return enqueue(tx, composed)
	})
	if err != nil {
		return nil, err
	}
	m.log.Info("campaign created", "campaign", st.Campaign, "players", len(seats), "deadline", rec.Deadline())
	wake(m.wakeSender)
	wake(m.wakeScheduler)
	return seats, nil
}

// welcomeOf is the welcome of seat s of campaign c, whose open turn's
// state is st, to the player called name, with the seat's token: when
// the player's orders are due, and where the ruleset plays one player at
// a time (game.TurnOrder) the seat's place in the order and when its turn
// opens at the latest, each turn before it running its full clock.
func (m *Moderation) welcomeOf(c *store.Campaign, rs game.Ruleset, st *campaign.State, s *store.Seat, name, token string) *report.Welcome {
	w := &report.Welcome{Title: c.Title, Campaign: c.ID, Player: s.Player, Name: name, Token: token, Address: m.address,
		GM: fmt.Sprintf("%s <%s>", c.GM.Name, c.GM.Email), Turn: c.Turn, Orders: rs.Example(st, s.Player).Orders}
	if due := deadlineOf(c, s.Player); !due.IsZero() {
		w.Deadline = localTime(c, s, due)
	}
	order, ok := rs.(game.TurnOrder)
	if !ok {
		return w
	}
	w.Queue = order.Queue(st)
	i := slices.Index(w.Queue, s.Player)
	if i <= 0 || w.Deadline == "" {
		return w
	}
	w.Turn = c.Turn + i
	opens := c.Deadline()
	for range i - 1 {
		due, err := rs.Due(st, c.Schedule, opens)
		if err != nil || len(due) == 0 {
			return w
		}
		opens = due[0].By
	}
	w.Opens = localTime(c, s, opens)
	return w
}
