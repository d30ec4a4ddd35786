package thunderdome

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Prefs are the standing preferences a mail of orders may give under
// prefs:. They stay, in the player's accounts (Empire.Defend), until a
// later mail of theirs changes them.
type Prefs struct {
	// Defend names, by sector, the fleet that fights for the player in a
	// battle there (UTD7.421, UTD7.423). A mail that gives defend:
	// replaces the whole list; nil means the mail gave none.
	Defend map[campaign.SystemID]campaign.FleetID `json:"defend"`
	// Pos holds each sector's position in the mail.
	Pos map[campaign.SystemID]orders.Pos `json:"pos,omitempty"`
}

// given reports whether the mail gave defend:.
func (p Prefs) given() bool { return p.Defend != nil }

// Prefs reads the standing preferences: defend:, a mapping of sector to
// fleet. A mail without prefs: leaves them as they are.
func (orderKinds) Prefs(c *orders.Collector, n *yaml.Node) orders.Part {
	if n == nil || orders.IsNull(n) {
		return orders.Part{}
	}
	f, ok := c.Mapping(n, "prefs", "defend")
	if !ok {
		return orders.Part{}
	}
	d := f.Value("defend")
	if d == nil {
		return orders.Part{}
	}
	p := Prefs{Defend: map[campaign.SystemID]campaign.FleetID{}, Pos: map[campaign.SystemID]orders.Pos{}}
	if orders.IsNull(d) {
		return orders.NewPart(p)
	}
	if d.Kind != yaml.MappingNode {
		c.Wrong(d, "defend", "a mapping of sector to the fleet that fights there", "defend: {lyra: f1, s10: f2}")
		return orders.Part{}
	}
	for i := 0; i+1 < len(d.Content); i += 2 {
		at, ok1 := c.Name(d.Content[i], "defend", "lyra")
		fleet, ok2 := c.Name(d.Content[i+1], "defend", "f1")
		if !ok1 || !ok2 {
			continue
		}
		p.Defend[campaign.SystemID(at)] = campaign.FleetID(fleet)
		p.Pos[campaign.SystemID(at)] = orders.PosOf(d.Content[i])
	}
	return orders.NewPart(p)
}

// prefsOf reads back the preferences of a submission.
func prefsOf(sub *orders.Submission) (Prefs, error) {
	return orders.PartOf[Prefs](sub.Prefs)
}

// setPrefs makes a mail's preferences the player's standing ones
// (UTD7.423: the defender chooses the fleet that fights), refusing a
// sector not on the map or a fleet the player does not have. A mail
// without defend: changes nothing.
func (c *ctx) setPrefs(p Prefs) {
	if !p.given() {
		return
	}
	for _, at := range sortedKeys(p.Defend) {
		id := p.Defend[at]
		if c.x.sector(at) == nil {
			c.problems.Add(p.Pos[at], "UTD7.423", fmt.Sprintf("defend names sector %s, which is not on the map", orders.Quote(string(at))),
				"name a sector by the ID the report gives it")
			c.refused = true
		} else if c.st.Fleet(c.player, id) == nil {
			c.problems.Add(p.Pos[at], "UTD7.423", fmt.Sprintf("defend names fleet %s at %s, and you have no fleet %s", id, at, id),
				"name one of your fleets")
			c.refused = true
		}
	}
	if c.refused {
		return
	}
	c.emp.Defend = nil
	if len(p.Defend) > 0 {
		c.emp.Defend = p.Defend
	}
}

// defendText writes a player's standing choice of fleets: "lyra: f1,
// s10: f2", or that pbemd takes the strongest.
func defendText(d map[campaign.SystemID]campaign.FleetID) string {
	if len(d) == 0 {
		return "none: your strongest fleet fights in each sector (UTD7.423)"
	}
	var parts []string
	for _, at := range sortedKeys(d) {
		parts = append(parts, fmt.Sprintf("%s: %s", at, d[at]))
	}
	return strings.Join(parts, ", ") + "; elsewhere your strongest fleet fights (UTD7.423)"
}

// sortedKeys lists a map's keys in order.
func sortedKeys[K ~string, V any](m map[K]V) []K {
	out := make([]K, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
