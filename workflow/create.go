package workflow

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
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

// Creation is a campaign a scenario starts: its record, its first turn,
// the seats with their tokens, and the mails that welcome every player
// (their token, then their first report) and the GM.
type Creation struct {
	Campaign *store.Campaign
	First    *store.TurnRecord
	Seats    []Seat
	Mails    []Outgoing
}

// Create starts a campaign from a scenario, writing nothing: it makes the
// tokens, seats the players, opens turn 1 with the ruleset's first
// deadlines, and writes the welcome mails. Commit stores it.
func (m *Moderation) Create(sc *config.Scenario) (*Creation, error) {
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
	gmToken, err := NewToken(m.rand)
	if err != nil {
		return nil, err
	}
	rec.GMTokenHash = HashToken(gmToken)
	cr := &Creation{Campaign: rec}
	for _, p := range st.Players {
		token, err := NewToken(m.rand)
		if err != nil {
			return nil, err
		}
		cr.Seats = append(cr.Seats, Seat{Player: p.ID, Email: p.Email, Token: token})
		rec.Players = append(rec.Players, store.Seat{Player: p.ID, Email: p.Email, TimeZone: p.TimeZone, TokenHash: HashToken(token)})
	}
	rec.Open(st.Turn, due)
	MarkReminded(rec, now)
	views := rs.Observe(st)
	for i, p := range st.Players {
		subject, text := report.RenderWelcome(m.WelcomeOf(rec, rs, st, &rec.Players[i], p.Name, cr.Seats[i].Token))
		cr.Mails = append(cr.Mails, Outgoing{
			Msg:      m.NewMail(p.Email, subject, text, fmt.Sprintf("welcome.%s.%s@%s", st.Campaign, p.ID, m.domain)),
			Campaign: string(st.Campaign), Purpose: "welcome",
		})
		report, err := m.ReportMail(rec, views[i], &rec.Players[i], nil)
		if err != nil {
			return nil, err
		}
		cr.Mails = append(cr.Mails, report)
	}
	cr.Mails = append(cr.Mails, m.GMWelcome(rec, rs, st, gmToken))
	cr.First = &store.TurnRecord{State: st, ResolverVersion: rs.Version(), Deadline: rec.Deadline(), Waiting: Waiting(rec)}
	return cr, nil
}

// Commit stores the new campaign with its first turn, and queues its
// mails, composed, in tx.
func (cr *Creation) Commit(tx *store.Tx, composed []*store.Mail) error {
	if err := tx.CreateCampaign(cr.Campaign, cr.First); err != nil {
		return err
	}
	return Enqueue(tx, composed)
}
