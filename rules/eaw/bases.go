package eaw

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
)

// baseIncome is what the player's ground bases pay at New Year (EaW 14.0,
// digest §4.2): with a CPL of the player's in the system, Rules.Income.GSA
// per GSA at the player's developed colony, GSO per GSO at a dead planet
// and GMS per GMS at the player's developed mine. A base earns from the
// later of its own installation and the CPL's, prorated like a mine by
// that season in the year just ended (EaW 12a); enemy fleets trapped at
// the system cut it by Rules.Fortify.Disruption percent (EaW 10i). The
// shares are taken of the total, exactly, and the sum rounded down once:
// twelve bases of 80 BPV installed in summer pay 75% of 80, 60, not each
// its 75% rounded down (EaW 14.0).
func (t *turn) baseIncome(owner campaign.PlayerID) incomePart {
	exact, bases := 0, 0 // in ten-thousandths of a BPV: yield × share% × kept%
	for _, b := range t.next.Bases {
		if b.Owner != owner {
			continue
		}
		yield := t.baseYield(b)
		cpl, ok := t.next.CPLSince(owner, b.At)
		if yield == 0 || !ok {
			continue
		}
		since := b.Since
		if since.Before(cpl) {
			since = cpl
		}
		share := 100
		if since.Year == t.date.Year {
			share = t.next.Rules.Income.Prorate[since.Season]
		}
		kept := 100
		if t.next.Disrupted(b.At, owner) {
			kept -= min(max(t.next.Rules.Fortify.Disruption, 0), 100)
		}
		exact += yield * share * kept
		bases++
	}
	income := exact / (100 * 100)
	switch bases {
	case 0:
		return incomePart{}
	case 1:
		return incomePart{what: "1 ground base", bpv: income}
	}
	return incomePart{what: fmt.Sprintf("%d ground bases", bases), bpv: income}
}

// baseYield is a year's income of one base where it stands, before the
// CPL and prorating (EaW 14.0); 0 for a base that earns nothing there.
func (t *turn) baseYield(b campaign.Installation) int {
	c := t.next.Catalogue.Class(b.Class)
	sys := t.next.System(b.At)
	r := t.next.Rules.Income
	switch {
	case c == nil || sys == nil:
		return 0
	case c.Has(campaign.RoleGSA) && t.next.HasDevelopment(b.Owner, b.At, campaign.Colony):
		return r.GSA
	case c.Has(campaign.RoleGSO) && sys.Planet == campaign.Dead:
		return r.GSO
	case c.Has(campaign.RoleGMS) && t.next.HasDevelopment(b.Owner, b.At, campaign.Mine):
		return r.GMS
	}
	return 0
}
