package eaw

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// eliminate takes out every player left with no fleet, FRD or development
// (EaW 29.0; the digest's reading §8 V4), and tells everyone.
func (t *turn) eliminate() {
	holds := map[campaign.PlayerID]bool{}
	for _, f := range t.next.Fleets {
		holds[f.Owner] = true
	}
	for _, f := range t.next.FRDs {
		holds[f.Owner] = true
	}
	for _, d := range t.next.Developments {
		holds[d.Owner] = true
	}
	for i := range t.next.Players {
		p := &t.next.Players[i]
		if !p.Active() || holds[p.ID] {
			continue
		}
		p.Out, p.OutTurn = "eliminated: no fleet, FRD or development left (EaW 29.0)", t.prev.Turn
		t.emit(game.Event{Kind: game.EventEliminated, Players: t.next.PlayerIDs(), Rule: "EaW 29.0",
			Text: fmt.Sprintf("%s (%s) is eliminated: nothing of theirs is left on the map.", p.Name, p.ID)})
	}
	t.lastStanding()
}

// lastStanding ends a campaign of several players that a turn leaves
// with one player in it, who wins, or with none: "A player wins ... [who]
// has eliminated every other player" (EaW 1.0, 4e). The others may have
// been eliminated, dropped or have resigned (reading: they are out
// alike). The standings follow, as at the end year.
func (t *turn) lastStanding() {
	if len(t.next.Players) < 2 || t.next.Ended {
		return
	}
	switch in := t.next.ActivePlayers(); len(in) {
	case 0:
		t.next.Ended = true
	case 1:
		t.next.Ended, t.next.Winner = true, in[0]
	}
}

// standings tells everyone, when the campaign is over, how the players
// finish: by victory points, which only battles earn (EaW 4e).
func (t *turn) standings() {
	if !t.next.Over() {
		return
	}
	ranked := slices.Clone(t.next.Players)
	slices.SortStableFunc(ranked, func(a, b campaign.Player) int { return cmp.Compare(b.VP, a.VP) })
	var parts []string
	for _, p := range ranked {
		s := fmt.Sprintf("%s (%s) %d VP", p.Name, p.ID, p.VP)
		if !p.Active() {
			s += ", out"
		}
		parts = append(parts, s)
	}
	text := "The campaign is over. Final standings by victory points: " + strings.Join(parts, "; ") + "."
	switch {
	case t.next.Winner != "":
		text += fmt.Sprintf(" %s wins: every other player is out of the campaign (EaW 1.0, 4e).", t.next.Player(t.next.Winner).Name)
	case len(ranked) > 1 && ranked[0].VP > ranked[1].VP:
		text += fmt.Sprintf(" %s wins.", ranked[0].Name)
	}
	t.emit(game.Event{Kind: EventStandings, Players: t.next.PlayerIDs(), Rule: "EaW 4e", Text: text})
}
