package thunderdome

import (
	"fmt"
	"slices"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Organize deals the ships of two or more fleets in one sector out anew
// (UTD6.33): Fleets gives each fleet's ships afterwards, and Officers the
// legendary officers it moves to other ships (UTD7.263). With Dock, the
// player's dry dock at that sector gives each fleet the ships Fleets
// lists (UTD7.66, undock).
type Organize struct {
	Fleets   []FleetPlan       `json:"fleets"`
	Officers []OfficerMove     `json:"officers,omitempty"`
	FleetsAt orders.Pos        `json:"fleets_pos"`
	Dock     campaign.SystemID `json:"dock,omitempty"`
}

// FleetPlan is one fleet of an organize order and the ships it holds
// afterwards, by class.
type FleetPlan struct {
	Fleet campaign.FleetID     `json:"fleet"`
	Units []campaign.ClassName `json:"units"`
	Pos   orders.Pos           `json:"pos"`
}

// Name returns "organize".
func (*Organize) Name() string { return "organize" }

// Example is an organize order as players write it, for hints.
func (*Organize) Example() string {
	return "- organize: {fleets: {F1: [cruiser, cruiser], F2: [destroyer]}}"
}

// Fields are the keys an organize order may hold.
func (*Organize) Fields() []string { return []string{"fleets", "officers", "dock"} }

func (*Organize) parse(p *parser, f orders.Fields) Kind {
	o := &Organize{}
	if f.Value("dock") != nil {
		d, _ := p.name(f, "dock", "dock: lyra")
		o.Dock = campaign.SystemID(d)
	}
	n := p.Need(f, "fleets", "{F1: [cruiser], F2: [destroyer]}")
	if n == nil {
		return o
	}
	o.FleetsAt = orders.PosOf(n)
	o.Officers = p.officerMoves(f.Value("officers"))
	if n.Kind != yaml.MappingNode || len(n.Content) < 4 && (o.Dock == "" && len(o.Officers) == 0 || len(n.Content) < 2) {
		p.Add(o.FleetsAt, "UTD6.33", "fleets must map two or more fleets to the ships each holds afterwards",
			"write fleets: {F1: [cruiser, cruiser], F2: [destroyer]}")
		return o
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		id, _ := p.Name(n.Content[i], "fleets", "F1")
		var units []string
		if v := n.Content[i+1]; !orders.IsNull(v) && (v.Kind != yaml.SequenceNode || len(v.Content) > 0) {
			units, _, _ = p.Names(v, "fleets", "F1: [cruiser, destroyer]")
		}
		if slices.ContainsFunc(o.Fleets, func(fp FleetPlan) bool { return string(fp.Fleet) == id }) {
			p.Add(orders.PosOf(n.Content[i]), "UTD6.33", fmt.Sprintf("fleet %s is named twice", id), "name each fleet once")
		}
		o.Fleets = append(o.Fleets, FleetPlan{Fleet: campaign.FleetID(id), Units: ids[campaign.ClassName](units), Pos: orders.PosOf(n.Content[i])})
	}
	return o
}

func (*Organize) schema() object {
	return kindSchema("Organize fleets in one sector (UTD6.33): deal their ships out anew, for n − 1 order points among n "+
		"fleets. Name every fleet taking part with the ships it holds afterwards; a new fleet name makes a fleet (3 + "+
		"players, plus those bought, UTD7.21), a fleet left with none is disbanded. No fleet may pass 5 MC (UTD7.23), nor hold "+
		"two legendary officers (UTD7.263). officers: moves legendary officers to other ships, within one fleet for 1 point. With "+
		"dock: a sector, your dry dock there gives each fleet named the ships listed, for 1 order point per fleet (UTD7.66).",
		[]string{"fleets"}, object{"dock": sectorRef, "fleets": object{"type": "object", "minProperties": 1,
			"additionalProperties": object{"type": "array", "items": object{"type": "string"}},
			"description":          "Each fleet and the ships, by class, it holds afterwards: two or more, or one to move an officer within it."},
			"officers": officerMovesSchema})
}

// YAML echoes the order as players write it.
func (o *Organize) YAML() string {
	s := "organize: {fleets: {"
	if o.Dock != "" {
		s = fmt.Sprintf("organize: {dock: %s, fleets: {", o.Dock)
	}
	for i, fp := range o.Fleets {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%s: [%s]", fp.Fleet, joinNames(fp.Units))
	}
	return s + "}" + officerMovesYAML(o.Officers) + "}"
}

// apply organizes the fleets (UTD6.33): n − 1 points for n fleets
// (UTD6.13), all in the same sector; the ships named are those the fleets
// hold, dealt out anew; a new fleet within the player's limit of 3 +
// starting players + fleets bought (UTD7.21, UTD7.22); no fleet above
// 5 MC, the burden of its attrition units included (UTD7.23, UTD7.24). Each ship keeps its damage and marks; a fleet that
// gains ships keeps its own stops and traps. Fleets left empty are
// disbanded.
func (o *Organize) apply(c *ctx) {
	if o.Dock != "" {
		o.undock(c)
		return
	}
	at, created, ok := o.sector(c)
	if !ok {
		return
	}
	dealt, ok := o.deal(c)
	if !ok {
		return
	}
	surcharge, ok := o.planOfficers(c, dealt)
	if !ok || !c.spend(max(len(o.Fleets)-1, 1), "UTD6.33") || surcharge > 0 && !c.pay(surcharge, "UTD7.263", "moving the legendary officer") {
		return
	}
	o.redeal(c, at, created)
}

// sector finds the one sector the fleets organize in (UTD6.33) and the
// fleets the order creates, within the player's limit (UTD7.21,
// UTD7.22); ok is false when the order is refused.
func (o *Organize) sector(c *ctx) (at campaign.SystemID, created []campaign.FleetID, ok bool) {
	for _, fp := range o.Fleets {
		f := c.st.Fleet(c.player, fp.Fleet)
		if f == nil && c.reserved(fp.Fleet, fp.Pos, "UTD6.33") {
			return "", nil, false
		}
		if f == nil {
			created = append(created, fp.Fleet)
			continue
		}
		if at == "" {
			at = f.At
		}
		if f.At != at {
			c.refuse(fp.Pos, "UTD6.33", fmt.Sprintf("fleet %s is at %s, not at %s with the others; fleets organize in one sector", f.ID, f.At, at),
				"organize only fleets in the same sector")
			return "", nil, false
		}
	}
	if at == "" {
		c.refuse(o.FleetsAt, "UTD6.33", "none of these fleets exists yet", "name at least one of your fleets")
		return "", nil, false
	}
	limit := c.x.fleetLimit(c.player)
	if have := c.x.fleetCount(c.st, c.player); have+len(created) > limit {
		c.refuse(o.FleetsAt, "UTD7.21", fmt.Sprintf("new fleets %s would give you %d fleets; you may have %d", joinNames(created), have+len(created), limit),
			"deal the ships among fleets you have, or buy fleets first (UTD7.22)")
		return "", nil, false
	}
	return at, created, true
}

// deal checks the plan against the ships the fleets hold before anything
// changes: every ship named is one they hold, and every ship they hold
// is named (UTD6.33), and no fleet passes 5 MC, its attrition units'
// burden included (UTD7.23, UTD7.24). It returns the ships each fleet is
// dealt; ok is false when the order is refused.
func (o *Organize) deal(c *ctx) (dealt map[campaign.FleetID]campaign.Fleet, ok bool) {
	var pool campaign.Fleet
	for _, fp := range o.Fleets {
		if f := c.st.Fleet(c.player, fp.Fleet); f != nil {
			pool.Join(*f)
		}
	}
	dealt = map[campaign.FleetID]campaign.Fleet{}
	for _, fp := range o.Fleets {
		if _, missing := campaign.PickUnits(&pool, fp.Units); len(missing) > 0 {
			c.refuse(fp.Pos, "UTD6.33", fmt.Sprintf("the fleets hold no %s left to give fleet %s", fp.Units[missing[0]], fp.Fleet),
				"deal out only the ships the fleets hold: "+campaign.UnitList(pool.Units))
			return nil, false
		}
		idx, _ := campaign.PickUnits(&pool, fp.Units)
		dealt[fp.Fleet] = pool.Take(idx)
		if mc := c.x.unitsMC(fp.Units); mc > MaxMC*mcUnit {
			c.refuse(fp.Pos, "UTD7.23", fmt.Sprintf("fleet %s would have a move cost of %s, its attrition units' burden included (UTD7.24); a fleet holds at most %d MC", fp.Fleet, mcText(mc), MaxMC),
				"give it fewer ships")
			return nil, false
		}
	}
	if len(pool.Units) > 0 {
		c.refuse(o.FleetsAt, "UTD6.33", fmt.Sprintf("%s would be left in no fleet", campaign.UnitList(pool.Units)),
			"give every ship of the fleets to one of them")
		return nil, false
	}
	return dealt, true
}

// redeal gathers every ship of the fleets with its records and deals
// them out as the plan says, into the fleets created at at too; then it
// moves the officers (UTD7.263) and disbands the fleets left empty.
func (o *Organize) redeal(c *ctx, at campaign.SystemID, created []campaign.FleetID) {
	var marks parcel
	for _, fp := range o.Fleets {
		if f := c.st.Fleet(c.player, fp.Fleet); f != nil {
			all := make([]int, len(f.Units))
			for i := range all {
				all[i] = i
			}
			marks.add(c.x.take(f, all))
		}
	}
	first := *c.x.fleet(c.player, o.existing(c))
	for _, id := range created {
		c.st.Fleets = append(c.st.Fleets, campaign.Fleet{Owner: c.player, ID: id, At: at})
		fs := c.x.fleet(c.player, id)
		// A new fleet shares the place of the fleets it comes from: where
		// they began the turn, whether they are stopped or trapped there.
		*fs = FleetState{Owner: c.player, ID: id, Entered: first.Entered, EnteredCycle: first.EnteredCycle, Pinned: first.Pinned,
			Trapped: first.Trapped, SiegeFails: first.SiegeFails, SiegeCycle: first.SiegeCycle, Released: first.Released, Started: first.Started}
	}
	for _, fp := range o.Fleets {
		idx, _ := campaign.PickUnits(&marks.units, fp.Units)
		c.x.join(c.st.Fleet(c.player, fp.Fleet), c.takeParcel(&marks, idx))
		if len(fp.Units) > 0 {
			c.say("fleet %s now holds %s", fp.Fleet, campaign.UnitList(fp.Units))
		}
	}
	o.moveOfficers(c)
	for _, fp := range o.Fleets {
		c.disband(fp.Fleet)
	}
}

// takeParcel takes the units at idx out of a parcel, with their marks.
func (c *ctx) takeParcel(p *parcel, idx []int) parcel {
	var out, kept parcel
	for i := range p.units.Units {
		to := &kept
		if slices.Contains(idx, i) {
			to = &out
		}
		to.wrecked, to.mended, to.loads = append(to.wrecked, p.wrecked[i]), append(to.mended, p.mended[i]), append(to.loads, p.loads[i])
	}
	out.units = p.units.Take(idx)
	kept.units = p.units
	*p = kept
	return out
}

// existing is the first fleet of the order that the player has.
func (o *Organize) existing(c *ctx) campaign.FleetID {
	for _, fp := range o.Fleets {
		if c.st.Fleet(c.player, fp.Fleet) != nil {
			return fp.Fleet
		}
	}
	return ""
}

// offer offers, where two fleets of the player share a sector, to hand
// the last ship of one to the other, and else to split a fleet's last
// ship off into a new fleet while the player may found one; and for a
// dry dock with ships, to take its first into a fleet there (UTD6.33,
// UTD7.66). Every fleet stays within 5 MC (UTD7.23) and legal.
func (g *Organize) offer(o *offerer) {
	c := o.c
	at, by := o.fleetsBySector()
	fits := func(f *campaign.Fleet, units []campaign.ClassName) bool {
		return c.x.unitsMC(units) <= MaxMC*mcUnit && o.legal(f, units)
	}
	note := "n - 1 points for n fleets; each fleet holds at most 5 MC (UTD6.33, UTD7.23)"
	offered := false
	for _, s := range at {
		fs := by[s]
		for i := 0; i < len(fs) && !offered; i++ {
			a := fs[i]
			if len(a.Units) < 2 {
				continue
			}
			last, rest := a.Units[len(a.Units)-1], a.Units[:len(a.Units)-1]
			for _, b := range fs {
				units := append(slices.Clone(b.Units), last)
				if b != a && fits(a, rest) && fits(b, units) {
					o.add(g, 1, 0, note, (&Organize{Fleets: []FleetPlan{{Fleet: a.ID, Units: rest}, {Fleet: b.ID, Units: units}}}).YAML())
					offered = true
					break
				}
			}
		}
	}
	if id := c.x.newFleetID(c.st, c.player); !offered && id != "" {
		for _, a := range o.fleets() {
			last, rest := a.Units[len(a.Units)-1:], a.Units[:len(a.Units)-1]
			if len(rest) > 0 && fits(a, rest) && fits(a, last) {
				o.add(g, 1, 0, "a new fleet: "+note, (&Organize{Fleets: []FleetPlan{{Fleet: a.ID, Units: rest}, {Fleet: id, Units: last}}}).YAML())
				break
			}
		}
	}
	for _, d := range c.x.Docks {
		if d.Owner != c.player || len(d.Ships.Units) == 0 {
			continue
		}
		ship := d.Ships.Units[:1]
		into := c.x.newFleetID(c.st, c.player)
		for _, f := range by[d.At] {
			if !c.x.retreating(f.Owner, f.ID) && fits(f, append(slices.Clone(f.Units), ship...)) {
				into = f.ID
				break
			}
		}
		if into != "" {
			o.add(g, 1, 0, "out of dry dock, 1 point a fleet (UTD7.66)", (&Organize{Dock: d.At, Fleets: []FleetPlan{{Fleet: into, Units: ship}}}).YAML())
		}
	}
}
