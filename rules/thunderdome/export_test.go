package thunderdome

import "github.com/pbemd/pbemd/campaign"

// SaveExt writes x back into st, for tests that set up a situation.
func SaveExt(x *Ext, st *campaign.State) { x.save(st) }
