package thunderdome

import "github.com/pbemd/pbemd/campaign"

// SaveExt writes a changed TD IV part back into a state, for tests.
func SaveExt(x *Ext, st *campaign.State) { x.save(st) }
