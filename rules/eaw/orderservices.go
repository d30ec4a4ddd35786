package eaw

import (
	"slices"

	"github.com/pbemd/pbemd/campaign"
)

// What the order template knows of the fleet services where a fleet
// stands (EaW 6d, 9a, 9c, 10i): each service kind offers itself only where
// intake would take it, as far as the view can tell.

// siteServices is what serves the player's fleets in one system: an FRD,
// a developed colony that enemy fleets trapped there do not disrupt
// (EaW 6d, 10i), and repair freighters in the player's fleets, large
// (EaW 6d, 9a) and small (EaW 6d, 9c).
type siteServices struct {
	frd, colony, large, small bool
}

func (t *orderTemplate) servicesAt(at campaign.SystemID) siteServices {
	sp := siteServices{
		frd:    slices.Contains(t.v.FRDs, at),
		colony: hasDevelopment(t.v, at, campaign.Colony) && !slices.Contains(t.v.Disrupted, at),
	}
	for _, f := range t.v.Fleets {
		if f.At == at {
			sp.large = sp.large || slices.Contains(f.Roles, campaign.RoleLargeRepair)
			sp.small = sp.small || slices.Contains(f.Roles, campaign.RoleSmallRepair)
		}
	}
	return sp
}

// take returns the fleet's units without one unit of class u, picked as
// intake picks it, and that unit as a fleet of its own.
func take(f FleetView, u campaign.ClassName) (left, taken campaign.Fleet) {
	left = campaign.Fleet{Units: slices.Clone(f.Units), Captured: slices.Clone(f.Captured)}
	idx, _ := campaign.PickUnits(&left, []campaign.ClassName{u})
	taken = left.Take(idx)
	return left, taken
}
