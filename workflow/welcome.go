package workflow

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// WelcomeOf is the welcome of seat s of campaign c, whose open turn's
// state is st, to the player called name, with the seat's token: when
// the player's orders are due, and where the ruleset plays one player at
// a time (game.TurnOrder) the seat's place in the order and when its turn
// opens at the latest, each turn before it running its full clock.
func (m *Moderation) WelcomeOf(c *store.Campaign, rs game.Ruleset, st *campaign.State, s *store.Seat, name, token string) *report.Welcome {
	w := &report.Welcome{Title: c.Title, Campaign: c.ID, Player: s.Player, Name: name, Token: token, Address: m.address,
		GM: fmt.Sprintf("%s <%s>", c.GM.Name, c.GM.Email), Turn: c.Turn, Orders: rs.Example(st, s.Player).Orders}
	if due := deadlineOf(c, s.Player); !due.IsZero() {
		w.Deadline = LocalTime(c, s, due)
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
	w.Opens = LocalTime(c, s, opens)
	return w
}

// GMWelcome is the GM's copy of the campaign's start: the GM token and how
// to run the campaign by mail.
func (m *Moderation) GMWelcome(c *store.Campaign, rs game.Ruleset, st *campaign.State, token string) Outgoing {
	w := &report.GMWelcome{Title: c.Title, Campaign: c.ID, Turn: c.Turn, Deadline: gmDeadline(c), Address: m.address, Token: token,
		Player: examplePlayer(c), ByVote: m.decidesByVote(c), VoteRule: m.voteRule(c)}
	if order, ok := rs.(game.TurnOrder); ok {
		for _, p := range order.Queue(st) {
			w.Queue = append(w.Queue, string(p))
		}
	}
	subject, text := report.RenderGMWelcome(w)
	msg := m.NewMail(c.GM.Email, subject, text, fmt.Sprintf("welcome.%s.gm@%s", c.ID, m.domain))
	return Outgoing{Msg: msg, Campaign: string(c.ID), Purpose: "welcome"}
}

// examplePlayer is the player the GM's examples name: the campaign's first.
func examplePlayer(c *store.Campaign) campaign.PlayerID {
	if len(c.Players) == 0 {
		return "player"
	}
	return c.Players[0].Player
}

// MovedMails tell every player still in campaign c, and its GM, that it
// now runs here, at this daemon's address, as a campaign imported from
// another pbemd does (store DB.ImportCampaign), and give each player the
// link of their page here when this pbemd serves pages. base makes their
// Message-IDs.
func (m *Moderation) MovedMails(c *store.Campaign, base string) []Outgoing {
	moved := func(s *store.Seat) report.CampaignMoved {
		t := report.CampaignMoved{Title: c.Title, Campaign: c.ID, Address: m.address, Turn: c.Turn,
			Ended: c.Status == store.Ended, Paused: c.Status == store.Paused, Held: !c.HeldSince.IsZero()}
		if s == nil {
			t.GM, t.Deadline = true, gmDeadline(c)
			return t
		}
		if s.Due() {
			t.Deadline = deadlineFor(c, s)
		}
		t.Page = m.pageOf(c, s)
		return t
	}
	mails := m.tellPlayers(c, base, "moved", "", func(s *store.Seat) report.Text { return moved(s) })
	return append(mails, m.ToGM(c, base, "moved", moved(nil)))
}
