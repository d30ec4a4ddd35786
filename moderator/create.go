package moderator

import (
	"context"
	"fmt"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/workflow"
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
	gmToken, err := workflow.NewToken(m.rand)
	if err != nil {
		return nil, err
	}
	rec.GMTokenHash = workflow.HashToken(gmToken)
	var seats []Seat
	for _, p := range st.Players {
		token, err := workflow.NewToken(m.rand)
		if err != nil {
			return nil, err
		}
		seats = append(seats, Seat{Player: p.ID, Email: p.Email, Token: token})
		rec.Players = append(rec.Players, store.Seat{Player: p.ID, Email: p.Email, TimeZone: p.TimeZone, TokenHash: workflow.HashToken(token)})
	}
	rec.Open(st.Turn, due)
	workflow.MarkReminded(rec, now)
	var mails []workflow.Outgoing
	views := rs.Observe(st)
	for i, p := range st.Players {
		subject, text := report.RenderWelcome(m.WelcomeOf(rec, rs, st, &rec.Players[i], p.Name, seats[i].Token))
		mails = append(mails, workflow.Outgoing{
			Msg:      m.NewMail(p.Email, subject, text, fmt.Sprintf("welcome.%s.%s@%s", st.Campaign, p.ID, m.domain)),
			Campaign: string(st.Campaign), Purpose: "welcome",
		})
		report, err := m.ReportMail(rec, views[i], &rec.Players[i], nil)
		if err != nil {
			return nil, err
		}
		mails = append(mails, report)
	}
	mails = append(mails, m.GMWelcome(rec, rs, st, gmToken))
	composed, err := workflow.Compose(mails)
	if err != nil {
		return nil, err
	}
	err = m.db.Update(func(tx *store.Tx) error {
		first := &store.TurnRecord{State: st, ResolverVersion: rs.Version(), Deadline: rec.Deadline(), Waiting: workflow.Waiting(rec)}
		if err := tx.CreateCampaign(rec, first); err != nil {
			return err
		}
		return workflow.Enqueue(tx, composed)
	})
	if err != nil {
		return nil, err
	}
	m.log.Info("campaign created", "campaign", st.Campaign, "players", len(seats), "deadline", rec.Deadline())
	wake(m.wakeSender)
	wake(m.wakeScheduler)
	return seats, nil
}
