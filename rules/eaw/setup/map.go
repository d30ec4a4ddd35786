package setup

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
)

// searchBudget bounds the systems nearest compares for the hints of one
// scenario.
const searchBudget = 1 << 20

// lanes counts each system's lanes.
func (l *loader) lanes() map[campaign.SystemID]int {
	n := make(map[campaign.SystemID]int, len(l.st.Map.Systems))
	for _, lane := range l.st.Map.Lanes {
		n[lane.A]++
		n[lane.B]++
	}
	return n
}

// checkLaneless reports systems without a lane (EaW 1d: every system has
// at least one).
func (l *loader) checkLaneless() {
	lanes := l.lanes()
	for _, s := range l.st.Map.Systems {
		if lanes[s.ID] > 0 {
			continue
		}
		hint := "add a lane to a nearby system"
		if near := l.nearest(s, nil); near != "" {
			hint = fmt.Sprintf("add a lane such as [%s, %s]", s.ID, near)
		}
		l.Addf(l.Systems[s.ID], "system %q has no lane; every system needs at least one (EaW 1d): %s", s.ID, hint)
	}
}

// checkConnected reports one system of every group of systems that cannot
// be reached from the first system with a lane (EaW 1a: lanes are the only
// way to travel).
func (l *loader) checkConnected() {
	lanes := l.lanes()
	g := campaign.NewGraph(l.st.Map)
	reached := make(map[campaign.SystemID]bool, len(l.st.Map.Systems))
	var main campaign.SystemID
	var inMain map[campaign.SystemID]bool
	for _, s := range l.st.Map.Systems {
		if reached[s.ID] || lanes[s.ID] == 0 {
			continue
		}
		group := g.Within(s.ID, g.Len())
		for _, r := range group {
			reached[r.System] = true
		}
		if main == "" {
			main, inMain = s.ID, make(map[campaign.SystemID]bool, len(group))
			for _, r := range group {
				inMain[r.System] = true
			}
			continue
		}
		hint := ""
		if near := l.nearest(s, func(id campaign.SystemID) bool { return inMain[id] }); near != "" {
			hint = fmt.Sprintf(", e.g. [%s, %s]", s.ID, near)
		}
		l.Addf(l.Systems[s.ID], "system %q cannot be reached from %q: it is in a separate group of %d systems with no lane to the rest of the map; add a lane between the groups%s",
			s.ID, main, len(group), hint)
	}
}

// nearest returns the system closest to s on the map that passes keep (any
// other system if keep is nil), or "" if there is none or the search budget
// is spent.
func (l *loader) nearest(s campaign.System, keep func(campaign.SystemID) bool) campaign.SystemID {
	if l.searched+len(l.st.Map.Systems) > searchBudget {
		return ""
	}
	l.searched += len(l.st.Map.Systems)
	var best campaign.SystemID
	bestDist := -1.0
	for _, o := range l.st.Map.Systems {
		if o.ID == s.ID || (keep != nil && !keep(o.ID)) {
			continue
		}
		dx, dy := float64(o.X)-float64(s.X), float64(o.Y)-float64(s.Y)
		if d := dx*dx + dy*dy; bestDist < 0 || d < bestDist {
			best, bestDist = o.ID, d
		}
	}
	return best
}
