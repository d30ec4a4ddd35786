package thunderdome

import "github.com/pbemd/pbemd/campaign"

// SaveExt writes a changed TD IV part back into a state, for tests.
func SaveExt(x *Ext, st *campaign.State) { x.save(st) }

// UnitsMC is the move cost of units in one fleet, for tests.
func (x *Ext) UnitsMC(units []campaign.ClassName) int { return x.unitsMC(units) }
