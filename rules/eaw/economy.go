package eaw

import (
	"fmt"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// newYear runs Step II, the New Year events, after the winter turn's
// post-combat (EaW 2.0, 4d): first the three events of EaW 3.0 in their
// order, then the year-end items the list leaves out, in the order pbemd
// gives them (digest §8 S4). Every event goes to the players it concerns.
func (t *turn) newYear() {
	if t.date.Season != campaign.Winter {
		return
	}
	t.payIncome() // (i) EaW 3.0(i), 3c, 12a, 14.0
	// (ii) EaW 3.0(ii): the ships that disengaged during the year reappear
	// at an FRD. pbemd's disengaged fleets withdraw at once to a
	// neighbouring system (EaW 21a; digest §8 C3), so none is away to
	// come back, and this step does nothing.
	//
	// (iii) EaW 3b: the global resupply of every fleet, wherever it is,
	// comes here: after income, before the Legendary Officer roll.
	t.resupplyAll()       // EaW 3b
	t.rollLegendary()     // EaW 2e; digest §8 V5
	t.announceFleetCaps() // EaW 17.0
}

// incomePart is one source of a player's New Year income: what paid, and
// how much.
type incomePart struct {
	// what names the source with its count, e.g. "2 developed mines";
	// empty when nothing of the kind paid.
	what string
	bpv  int
}

// payIncome pays every player's New Year income (EaW 3.0(i), 3c): the sum
// of its parts, told to the player part by part.
func (t *turn) payIncome() {
	for i := range t.next.Players {
		p := &t.next.Players[i]
		parts := []incomePart{
			t.mineIncome(p.ID), // EaW 3c, 12a
			t.baseIncome(p.ID), // EaW 14.0
		}
		total := 0
		var paid []string
		for _, part := range parts {
			if part.what == "" {
				continue
			}
			total += part.bpv
			paid = append(paid, fmt.Sprintf("%s paid %d BPV", part.what, part.bpv))
		}
		if len(paid) == 0 {
			continue
		}
		p.Treasury += total
		t.emit(game.Event{Kind: EventIncome, Players: []campaign.PlayerID{p.ID}, Rule: "EaW 3c",
			Text: fmt.Sprintf("New Year Y%d: %s; the treasury now holds %d BPV.",
				t.date.Year+1, strings.Join(paid, " and "), p.Treasury)})
	}
}

// mineIncome is what the player's developed mines pay (EaW 3c): a year's
// income each, prorated by the season a mine was set up in during the
// year just ended (EaW 12a).
func (t *turn) mineIncome(owner campaign.PlayerID) incomePart {
	r := t.next.Rules.Income
	income, mines := 0, 0
	for _, d := range t.next.Developments {
		if d.Owner != owner || d.Kind != campaign.Mine {
			continue
		}
		share := 100
		if d.Since.Year == t.date.Year {
			share = r.Prorate[d.Since.Season]
		}
		income += t.disrupt(d, r.Mine*share/100) // EaW 10i
		mines++
	}
	switch mines {
	case 0:
		return incomePart{}
	case 1:
		return incomePart{what: "1 developed mine", bpv: income}
	}
	return incomePart{what: fmt.Sprintf("%d developed mines", mines), bpv: income}
}

// announceFleetCaps tells every player when the New Year raises the fleet
// size limits (EaW 17.0: from the start year +10 and +20).
func (t *turn) announceFleetCaps() {
	r := &t.next.Rules
	total, big := r.FleetCaps(t.next.Start, t.date)
	newTotal, newBig := r.FleetCaps(t.next.Start, t.date.Next())
	if total == newTotal && big == newBig {
		return
	}
	t.emit(game.Event{Kind: EventFleetCaps, Players: t.next.ActivePlayers(), Rule: "EaW 17.0",
		Text: fmt.Sprintf("New Year Y%d: a fleet may now hold %s, %s of it in size class 2 and 3 ships.",
			t.date.Year+1, capText(newTotal), capText(newBig))})
}

// capText writes a fleet limit: "800 combat BPV", or "any combat BPV" for
// no limit.
func capText(n int) string {
	if n == 0 {
		return "any combat BPV"
	}
	return fmt.Sprintf("%d combat BPV", n)
}
