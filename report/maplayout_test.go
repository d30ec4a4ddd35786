package report

import (
	"fmt"
	"testing"

	"github.com/pbemd/pbemd/campaign"
)

// TestCrowdedSystemsDoNotHideEachOther: systems at the same or nearly the
// same coordinates on a wide map still get markers that do not overlap.
func TestCrowdedSystemsDoNotHideEachOther(t *testing.T) {
	systems := []campaign.System{{ID: "far", X: 1000, Y: 800}}
	for i := range 12 {
		systems = append(systems, campaign.System{ID: campaign.SystemID(fmt.Sprintf("s%d", i)), X: i % 3, Y: 0})
	}
	l := newMapLayout(systems, layoutRoom{rows: 18})
	for i, p := range l.pos {
		for j, q := range l.pos[:i] {
			if dx, dy := p.x-q.x, p.y-q.y; dx*dx+dy*dy < 4*l.r*l.r {
				t.Errorf("%s at %v overlaps %s at %v (marker radius %.1f)", systems[i].ID, p, systems[j].ID, q, l.r)
			}
		}
	}
}
