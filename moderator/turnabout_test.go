package moderator_test

import (
	"slices"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/rules/eaw"
	"github.com/pbemd/pbemd/store"
)

// turnAbout is Empires at War played one player at a time: each turn the
// next player still in owes orders, with a week to send them. It shows
// that the daemon takes its turn structure from the ruleset; the rest is
// EaW's.
type turnAbout struct{ eaw.Ruleset }

func (turnAbout) Due(st *campaign.State, _ campaign.Schedule, now time.Time) ([]game.Due, error) {
	var in []campaign.PlayerID
	for _, p := range st.Players {
		if p.Active() {
			in = append(in, p.ID)
		}
	}
	if len(in) == 0 {
		return nil, nil
	}
	return []game.Due{{Player: in[(st.Turn-1)%len(in)], By: now.Add(7 * 24 * time.Hour)}}, nil
}

// TestTurnAbout: under a ruleset whose turns belong to one player each,
// the daemon takes orders and extension requests only from the player
// due, and tells the others who is; it resolves the turn as soon as that
// player is final, or at their own deadline; it reminds only them; and a
// player forfeits only the turns that were theirs (UTD3.31).
func TestTurnAbout(t *testing.T) {
	skipUnderRace(t)
	h := newHarnessWith(t, game.NewRegistry(turnAbout{}))
	players := []string{"vorn", "castellan", "ashari", "tekkar"}
	for _, p := range players {
		h.next(p).want(t, "Welcome to Frontier Wars")
		h.next(p).want(t, "Turn 1 (Y165 spring) is open")
	}
	week := 7 * 24 * time.Hour
	c := h.campaign()
	if due := duePlayers(c); !slices.Equal(due, []campaign.PlayerID{"vorn"}) || !c.Deadline().Equal(start.Add(week)) {
		t.Fatalf("turn 1: %v due, the turn by %v; want vorn alone, by %v", due, c.Deadline(), start.Add(week))
	}

	h.send(h.mailFrom("castellan", h.orders("castellan", 1, true)))
	h.next("castellan").want(t, "not accepted", "It is not your turn", "Orders for it are due from vorn, by Mon 30 Nov 2026 07:00 EST")
	if h.onFile("castellan", 1) != nil {
		t.Error("castellan's orders are on file for a turn that is not his")
	}
	h.send(h.mailFrom("castellan", "campaign: frontier\nplayer: castellan\ntoken: "+h.tokens["castellan"]+"\nextension: {hours: 24}\n"))
	h.next("castellan").want(t, "You owe no orders for turn 1, so you have no deadline to extend.")

	// Vorn is final: the turn is his alone, so it resolves at once.
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, true, "move: {fleet: 2nd, path: [mistral]}")))
	h.next("vorn").want(t, "Orders for turn 1 accepted")
	for _, p := range players {
		h.next(p).want(t, "Turn 2 report")
	}
	c = h.campaign()
	castellanDue := c.Seat("castellan").Deadline
	if due := duePlayers(c); c.Turn != 2 || !slices.Equal(due, []campaign.PlayerID{"castellan"}) || !castellanDue.Equal(start.Add(week)) {
		t.Fatalf("turn %d: %v due, castellan by %v; want turn 2, castellan alone, by %v", c.Turn, due, castellanDue, start.Add(week))
	}

	// Only castellan hears the reminder, and forfeits when his week is
	// out; the turn resolves at his deadline.
	h.advanceTo(castellanDue.Add(-24 * time.Hour))
	h.next("castellan").want(t, "Turn 2 of Frontier Wars is due in 24 hours")
	h.advanceTo(castellanDue)
	for _, p := range players {
		h.next(p).want(t, "Turn 3 report")
	}

	// Ashari sends nothing for turn 3 either: her first forfeit, as turns
	// 1 and 2 were not hers.
	h.advanceTo(h.campaign().Seat("ashari").Deadline)
	for _, p := range players {
		h.next(p).want(t, "Turn 4 report")
	}
	c = h.campaign()
	forfeits := map[campaign.PlayerID]int{}
	for _, s := range c.Players {
		forfeits[s.Player] = s.Forfeits
		if !s.Active() {
			t.Errorf("%s is out: %s", s.Player, s.Out)
		}
	}
	want := map[campaign.PlayerID]int{"vorn": 0, "castellan": 1, "ashari": 1, "tekkar": 0}
	if due := duePlayers(c); c.Turn != 4 || !slices.Equal(due, []campaign.PlayerID{"tekkar"}) {
		t.Errorf("turn %d, %v due; want turn 4, tekkar due", c.Turn, due)
	}
	for p, n := range want {
		if forfeits[p] != n {
			t.Errorf("%s forfeited %d turns, want %d", p, forfeits[p], n)
		}
	}
}

// duePlayers lists the players who owe orders for the open turn.
func duePlayers(c *store.Campaign) []campaign.PlayerID {
	var out []campaign.PlayerID
	for _, s := range c.DueSeats() {
		out = append(out, s.Player)
	}
	return out
}
