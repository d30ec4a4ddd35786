package thunderdome

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// OfficerMove is a legendary officer an organize order moves (UTD6.33,
// UTD7.263), and the ship that receives him: the first ship of class
// Ship, without a legendary officer, in fleet Fleet once the ships are
// dealt out.
type OfficerMove struct {
	Officer string             `json:"officer"`
	Fleet   campaign.FleetID   `json:"fleet"`
	Ship    campaign.ClassName `json:"ship"`
	Pos     orders.Pos         `json:"pos"`
}

// officerMovesSchema is the schema of organize's officers:.
var officerMovesSchema = object{"type": "object", "description": "Each legendary officer to move, and the fleet and class of " +
	"the ship that receives him (UTD7.263): free to a ship of no more BPV than his own, else the difference and 10% of the " +
	"receiving ship's BPV.", "additionalProperties": object{"type": "object", "additionalProperties": false, "required": []string{"fleet", "ship"},
	"properties": object{"fleet": fleetRef, "ship": object{"type": "string", "description": "The receiving ship's class."}}}}

// officerMoves reads organize's optional officers:, a mapping of officer
// to {fleet, ship}.
func (p *parser) officerMoves(n *yaml.Node) []OfficerMove {
	var out []OfficerMove
	const example = "officers: {captain: {fleet: F2, ship: destroyer}}"
	p.namePairs(n, "officers", example, func(k, v *yaml.Node) {
		f, ok := p.Mapping(v, "an officer's move", "fleet", "ship")
		if !ok {
			return
		}
		fleet, _ := p.name(f, "fleet", "fleet: F2")
		ship, _ := p.name(f, "ship", "ship: destroyer")
		out = append(out, OfficerMove{Officer: k.Value, Fleet: campaign.FleetID(fleet), Ship: campaign.ClassName(ship), Pos: orders.PosOf(k)})
	})
	return out
}

// officerMovesYAML writes organize's officers: after its fleets.
func officerMovesYAML(moves []OfficerMove) string {
	if len(moves) == 0 {
		return ""
	}
	var s []string
	for _, m := range moves {
		s = append(s, fmt.Sprintf("%s: {fleet: %s, ship: %s}", m.Officer, m.Fleet, m.Ship))
	}
	return ", officers: {" + strings.Join(s, ", ") + "}"
}

// officerTransfer is the BPV surcharge of moving a legendary officer from
// a ship of BPV from to one of BPV to: nothing to a ship of no more BPV,
// else the difference and 10% of the receiving ship's BPV, its fraction
// retained (UTD7.263, UTD6.3F).
func officerTransfer(from, to int) BPV {
	if to <= from {
		return 0
	}
	return whole(to-from) + percent(to, 10)
}

// planOfficers checks organize's officer moves against dealt, the ships
// each fleet of the order holds once dealt out, and returns the
// surcharge: each officer aboard a ship of the order's fleets, each
// receiving ship one that may have him (legendBar), one legendary officer
// a fleet afterwards (UTD7.263), and the BPV to pay.
func (o *Organize) planOfficers(c *ctx, dealt map[campaign.FleetID]campaign.Fleet) (BPV, bool) {
	where := map[string]campaign.FleetID{}
	for _, fp := range o.Fleets {
		f := dealt[fp.Fleet]
		for _, cr := range f.Crews {
			if cr.Legendary != "" {
				where[cr.Legendary] = fp.Fleet
			}
		}
	}
	var surcharge BPV
	for _, m := range o.Officers {
		from := o.officerShip(c, m.Officer)
		fp := slices.IndexFunc(o.Fleets, func(fp FleetPlan) bool { return fp.Fleet == m.Fleet })
		switch {
		case from == "":
			c.refuse(m.Pos, "UTD7.263", fmt.Sprintf("no ship of these fleets has the legendary officer %s aboard", m.Officer),
				"name the fleet holding him in fleets:")
			return 0, false
		case fp < 0 || !slices.Contains(o.Fleets[fp].Units, m.Ship):
			c.refuse(m.Pos, "UTD7.263", fmt.Sprintf("fleet %s of this order will hold no %s to receive the %s", m.Fleet, m.Ship, m.Officer),
				"name a fleet of fleets: and the class of a ship it holds afterwards")
			return 0, false
		}
		k, old := c.st.Catalogue.Class(m.Ship), c.st.Catalogue.Class(from)
		if k == nil || old == nil {
			continue
		}
		if why := c.x.legendBar(k, m.Officer); why != "" {
			c.refuse(m.Pos, "UTD7.263", why, "name an SC3 or SC4 warship")
			return 0, false
		}
		where[m.Officer] = m.Fleet
		surcharge += officerTransfer(old.EBPV, k.EBPV)
	}
	count := map[campaign.FleetID][]string{}
	for officer, fleet := range where {
		count[fleet] = append(count[fleet], officer)
	}
	for _, fp := range o.Fleets {
		if got := count[fp.Fleet]; len(got) > 1 {
			slices.Sort(got)
			c.refuse(fp.Pos, "UTD7.263", fmt.Sprintf("fleet %s would have %d legendary officers, %s; a fleet has one at most", fp.Fleet, len(got), strings.Join(got, " and ")),
				"deal their ships to different fleets, or move an officer with officers:")
			return 0, false
		}
	}
	if surcharge > c.funds() {
		c.refuse(o.FleetsAt, "UTD7.263", fmt.Sprintf("moving the officers to ships of more BPV costs %s BPV and you have %s", surcharge, c.funds()),
			"move them to ships of no more BPV than their own, which is free")
		return 0, false
	}
	return surcharge, true
}

// officerShip is the class of the ship of the order's fleets that has a
// legendary officer aboard, or "".
func (o *Organize) officerShip(c *ctx, officer string) campaign.ClassName {
	for _, fp := range o.Fleets {
		if f := c.st.Fleet(c.player, fp.Fleet); f != nil {
			for _, cr := range f.Crews {
				if cr.Legendary == officer {
					return f.Units[cr.Unit]
				}
			}
		}
	}
	return ""
}

// moveOfficers carries out organize's officer moves once the ships are
// dealt out: each officer leaves his ship for the first ship of the class
// named, without a legendary officer, in the fleet named.
func (o *Organize) moveOfficers(c *ctx) {
	for _, m := range o.Officers {
		for _, fp := range o.Fleets {
			f := c.st.Fleet(c.player, fp.Fleet)
			if j := slices.IndexFunc(f.Crews, func(cr campaign.UnitCrew) bool { return cr.Legendary == m.Officer }); j >= 0 {
				cr := f.Crews[j]
				cr.Legendary = ""
				f.SetCrew(cr)
			}
		}
		to := c.st.Fleet(c.player, m.Fleet)
		for i, u := range to.Units {
			if cr := to.CrewOf(i); u == m.Ship && cr.Legendary == "" {
				cr.Legendary = m.Officer
				to.SetCrew(cr)
				c.say("legendary officer %s moved to the %s of fleet %s (UTD7.263)", m.Officer, m.Ship, m.Fleet)
				break
			}
		}
	}
}
