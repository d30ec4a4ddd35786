package thunderdome

import (
	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/report"
)

// SaveExt writes a changed TD IV part back into a state, for tests.
func SaveExt(x *Ext, st *campaign.State) { x.save(st) }

// UnitsMC is the move cost of units in one fleet, for tests.
func (x *Ext) UnitsMC(units []campaign.ClassName) int { return x.unitsMC(units) }

// Spent is what a checked submission's orders cost together, in order
// points and BPV, for tests.
func Spent(c game.Checked) (points int, bpv BPV) {
	for _, o := range c.(*checked).ctx.outcomes {
		points, bpv = points+o.Points, bpv+o.BPV
	}
	return points, bpv
}

// Bank is a player's bank, fractions included, for tests.
func (x *Ext) Bank(st *campaign.State, p campaign.PlayerID) BPV { return x.bank(st, p) }

// Whole is n whole BPV, for tests.
func Whole(n int) BPV { return whole(n) }

// Kinds is the table of order kinds, for tests.
func Kinds() *orders.Table[Kind] { return kinds }

// MapOf is the map model of a view, for tests.
func MapOf(v *View, deadline string) *report.Map { return mapOf(v, deadline) }
