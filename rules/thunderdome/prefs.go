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
// prefs:. They stay, in the player's accounts (Empire.Defend,
// Empire.Raze), until a later mail of theirs changes them; each key
// stands on its own.
type Prefs struct {
	// Defend names, by sector, the fleet that fights for the player in a
	// battle there (UTD7.421, UTD7.423). A mail that gives defend:
	// replaces the whole list; nil means the mail gave none.
	Defend map[campaign.SystemID]campaign.FleetID `json:"defend"`
	// Pos holds each defend: sector's position in the mail.
	Pos map[campaign.SystemID]orders.Pos `json:"pos,omitempty"`
	// Raze names the sectors where the enemy colonies and mines the
	// player takes at step 9 are destroyed even with a troop ship
	// (UTD4.333, UTD4.343). A mail that gives raze: replaces the whole
	// list (empty clears it); nil means the mail gave none.
	Raze []campaign.SystemID `json:"raze,omitzero"`
	// RazePos holds the position of each item of raze: in the mail.
	RazePos []orders.Pos `json:"raze_pos,omitempty"`
	// Captured says where the ships the player captures go (UTD6.3I2):
	// PlaceFleet, PlaceRoom, PlaceNew or PlaceScrap; empty means the mail
	// gave none.
	Captured    string     `json:"captured,omitempty"`
	CapturedPos orders.Pos `json:"captured_pos,omitzero"`
}

// given reports whether the mail gave defend:, raze: or captured:.
func (p Prefs) given() bool { return p.Defend != nil || p.Raze != nil || p.Captured != "" }

// over lays a later mail's preferences over an earlier one's of the same
// turn: each key the later mail leaves out keeps the earlier value.
func (p Prefs) over(earlier Prefs) Prefs {
	if p.Defend == nil {
		p.Defend, p.Pos = earlier.Defend, earlier.Pos
	}
	if p.Raze == nil {
		p.Raze, p.RazePos = earlier.Raze, earlier.RazePos
	}
	if p.Captured == "" {
		p.Captured, p.CapturedPos = earlier.Captured, earlier.CapturedPos
	}
	return p
}

// Prefs reads the standing preferences: defend:, a mapping of sector to
// fleet, raze:, a list of sectors, and captured:, where captured ships
// go. A mail without prefs: leaves them as they are.
func (orderKinds) Prefs(c *orders.Collector, n *yaml.Node) orders.Part {
	if n == nil || orders.IsNull(n) {
		return orders.Part{}
	}
	f, ok := c.Mapping(n, "prefs", "defend", "raze", "captured")
	if !ok {
		return orders.Part{}
	}
	var p Prefs
	if d := f.Value("defend"); d != nil {
		p.Defend, p.Pos = readDefend(c, d)
	}
	if r := f.Value("raze"); r != nil {
		p.Raze, p.RazePos = readRaze(c, r)
	}
	if v := f.Value("captured"); v != nil {
		p.Captured, p.CapturedPos = readPlace(c, v)
	}
	if !p.given() {
		return orders.Part{}
	}
	return orders.NewPart(p)
}

// readDefend reads defend:, a mapping of sector to fleet; null or {}
// gives an empty choice, a problem gives nil.
func readDefend(c *orders.Collector, d *yaml.Node) (map[campaign.SystemID]campaign.FleetID, map[campaign.SystemID]orders.Pos) {
	out, pos := map[campaign.SystemID]campaign.FleetID{}, map[campaign.SystemID]orders.Pos{}
	if orders.IsNull(d) {
		return out, pos
	}
	if d.Kind != yaml.MappingNode {
		c.Wrong(d, "defend", "a mapping of sector to the fleet that fights there", "defend: {lyra: f1, s10: f2}")
		return nil, nil
	}
	for i := 0; i+1 < len(d.Content); i += 2 {
		at, ok1 := c.Name(d.Content[i], "defend", "lyra")
		fleet, ok2 := c.Name(d.Content[i+1], "defend", "f1")
		if !ok1 || !ok2 {
			continue
		}
		out[campaign.SystemID(at)] = campaign.FleetID(fleet)
		pos[campaign.SystemID(at)] = orders.PosOf(d.Content[i])
	}
	return out, pos
}

// readRaze reads raze:, a list of sectors; null or [] gives an empty
// choice, a problem gives nil.
func readRaze(c *orders.Collector, r *yaml.Node) ([]campaign.SystemID, []orders.Pos) {
	items, ok := c.List(r, "raze", "raze: [s10, lyra]")
	if !ok {
		return nil, nil
	}
	out, pos := []campaign.SystemID{}, []orders.Pos{}
	for _, item := range items {
		if at, ok := c.Name(item, "each item of raze", "raze: [s10, lyra]"); ok {
			out = append(out, campaign.SystemID(at))
			pos = append(pos, orders.PosOf(item))
		}
	}
	return out, pos
}

// readPlace reads captured:, one of the places captured ships go
// (UTD6.3I2); a problem gives "".
func readPlace(c *orders.Collector, v *yaml.Node) (string, orders.Pos) {
	s, ok := c.Name(v, "captured", "captured: fleet")
	if !ok {
		return "", orders.Pos{}
	}
	if !slices.Contains(places, s) {
		c.Add(orders.PosOf(v), "UTD6.3I2", fmt.Sprintf("captured: %s is not a place captured ships go", orders.Quote(s)),
			c.NearestHint(s, places, "places"))
		return "", orders.Pos{}
	}
	return s, orders.PosOf(v)
}

// prefsOf reads back the preferences of a submission.
func prefsOf(sub *orders.Submission) (Prefs, error) {
	return orders.PartOf[Prefs](sub.Prefs)
}

// setPrefs makes a mail's preferences the player's standing ones
// (UTD7.423: the defender chooses the fleet that fights; UTD4.333,
// UTD4.343: the holder with a troop ship may destroy instead of
// capturing), refusing a sector not on the map or a fleet the player
// does not have. A key the mail does not give changes nothing.
func (c *ctx) setPrefs(p Prefs) {
	for _, at := range sortedKeys(p.Defend) {
		id := p.Defend[at]
		if c.x.sector(at) == nil {
			c.unknownSector(p.Pos[at], "UTD7.423", "defend", at)
		} else if c.st.Fleet(c.player, id) == nil {
			c.problems.Add(p.Pos[at], "UTD7.423", fmt.Sprintf("defend names fleet %s at %s, and you have no fleet %s", id, at, id),
				"name one of your fleets")
			c.refused = true
		}
	}
	for i, at := range p.Raze {
		if c.x.sector(at) == nil {
			c.unknownSector(p.RazePos[i], "UTD4.333", "raze", at)
		}
	}
	if c.refused {
		return
	}
	if p.Defend != nil {
		c.emp.Defend = nil
		if len(p.Defend) > 0 {
			c.emp.Defend = p.Defend
		}
	}
	if p.Captured != "" {
		c.emp.Captured = p.Captured
		if p.Captured == PlaceFleet {
			c.emp.Captured = ""
		}
	}
	if p.Raze != nil {
		c.emp.Raze = nil
		for _, at := range p.Raze {
			if !slices.Contains(c.emp.Raze, at) {
				c.emp.Raze = append(c.emp.Raze, at)
			}
		}
		slices.Sort(c.emp.Raze)
	}
}

// unknownSector refuses a preference that names a sector not on the map.
func (c *ctx) unknownSector(at orders.Pos, rule, key string, id campaign.SystemID) {
	c.problems.Add(at, rule, fmt.Sprintf("%s names sector %s, which is not on the map", key, orders.Quote(string(id))),
		"name a sector by the ID the report gives it")
	c.refused = true
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

// razeText writes a player's standing choice of sectors where their troop
// ships destroy rather than capture: "lyra, s10", or none.
func razeText(r []campaign.SystemID) string {
	if len(r) == 0 {
		return "none: with a troop ship your fleets capture them everywhere (UTD4.332, UTD4.342)"
	}
	return strings.Join(names(r), ", ") + "; elsewhere a troop ship captures them (UTD4.333, UTD4.343)"
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
