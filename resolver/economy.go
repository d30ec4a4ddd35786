package resolver

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
)

// newYear runs the New Year events after the winter turn (EaW 2.0 step II,
// 3.0): every developed mine pays its year's income (EaW 3c), prorated by
// the season it was set up in during the year just ended (EaW 12a).
func (t *turn) newYear() {
	if t.date.Season != campaign.Winter {
		return
	}
	r := t.next.Rules.Income
	for i := range t.next.Players {
		p := &t.next.Players[i]
		income, mines := 0, 0
		for _, d := range t.next.Developments {
			if d.Owner != p.ID || d.Kind != campaign.Mine {
				continue
			}
			share := 100
			if d.Since.Year == t.date.Year {
				share = r.Prorate[d.Since.Season]
			}
			income += r.Mine * share / 100
			mines++
		}
		if mines == 0 {
			continue
		}
		p.Treasury += income
		t.emit(Event{Kind: EventIncome, Players: []campaign.PlayerID{p.ID}, Rule: "EaW 3c",
			Text: fmt.Sprintf("New Year Y%d: %d developed mines paid %d BPV; the treasury now holds %d BPV.",
				t.date.Year+1, mines, income, p.Treasury)})
	}
}
