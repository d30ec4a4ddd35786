package thunderdome

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// RefitFleet refits ships of one fleet at the player's developed colony
// (UTD6.3J): Refits names each class refitted and its new class, Loads
// the load of fighters and PFs paid for by class (UTD6.3J6), and
// Officers the legendary officers and the outstanding crew bought with
// it, each with the class of the ship that receives it (UTD6.3J4).
type RefitFleet struct {
	Fleet    campaign.FleetID `json:"fleet"`
	Refits   []ClassRefit     `json:"refits,omitempty"`
	Loads    []ClassLoad      `json:"loads,omitempty"`
	Officers []Posting        `json:"officers,omitempty"`
	FleetPos orders.Pos       `json:"fleet_pos"`
}

// ClassRefit is one class of a refit_fleet order and the class its ships
// become.
type ClassRefit struct {
	From campaign.ClassName `json:"from"`
	To   campaign.ClassName `json:"to"`
	Pos  orders.Pos         `json:"pos"`
}

// ClassLoad is the load of fighters and PFs paid for that a refit gives
// the ships of a class; a kind the order leaves out is -1, and keeps the
// load refitLoad gives it by default.
type ClassLoad struct {
	Class campaign.ClassName `json:"class"`
	Load  Attrition          `json:"load"`
	Pos   orders.Pos         `json:"pos"`
}

// Posting is a legendary officer, or the outstanding crew, and the class
// of the ship that receives it.
type Posting struct {
	Legend string             `json:"legend"`
	Class  campaign.ClassName `json:"class"`
	Pos    orders.Pos         `json:"pos"`
}

// Name returns "refit_fleet".
func (*RefitFleet) Name() string { return "refit_fleet" }

// Example is a refit_fleet order as players write it, for hints.
func (*RefitFleet) Example() string {
	return "- refit_fleet: {fleet: F1, refits: {cruiser: heavy-cruiser}, loads: {carrier: {fighters: 6}}, officers: {captain: destroyer}}"
}

// Fields are the keys a refit_fleet order may hold.
func (*RefitFleet) Fields() []string { return []string{"fleet", "refits", "loads", "officers"} }

func (*RefitFleet) parse(p *parser, f orders.Fields) Kind {
	r := &RefitFleet{}
	var fleet string
	fleet, r.FleetPos = p.name(f, "fleet", "fleet: F1")
	r.Fleet = campaign.FleetID(fleet)
	p.namePairs(f.Value("refits"), "refits", "refits: {cruiser: heavy-cruiser}", func(k, v *yaml.Node) {
		to, _ := p.Name(v, "refits", "heavy-cruiser")
		r.Refits = append(r.Refits, ClassRefit{From: campaign.ClassName(k.Value), To: campaign.ClassName(to), Pos: orders.PosOf(k)})
	})
	p.namePairs(f.Value("loads"), "loads", "loads: {carrier: {fighters: 6}}", func(k, v *yaml.Node) {
		cl := ClassLoad{Class: campaign.ClassName(k.Value), Load: noLoad, Pos: orders.PosOf(k)}
		f, _ := p.Mapping(v, "a load", "fighters", "pfs", "interceptors")
		for _, kind := range []struct {
			key string
			dst *int
		}{{"fighters", &cl.Load.Fighters}, {"pfs", &cl.Load.PFs}, {"interceptors", &cl.Load.Interceptors}} {
			if n := f.Value(kind.key); n != nil {
				*kind.dst, _ = p.count(f, kind.key, 0, 999, -1)
			}
		}
		r.Loads = append(r.Loads, cl)
	})
	p.namePairs(f.Value("officers"), "officers", "officers: {captain: destroyer}", func(k, v *yaml.Node) {
		class, _ := p.Name(v, "officers", "destroyer")
		r.Officers = append(r.Officers, Posting{Legend: k.Value, Class: campaign.ClassName(class), Pos: orders.PosOf(k)})
	})
	if len(r.Refits)+len(r.Loads)+len(r.Officers) == 0 {
		p.Add(r.FleetPos, "UTD6.3J2", "a refit_fleet order refits nothing", "give refits:, loads: or officers:, e.g. "+(&RefitFleet{}).Example()[2:])
	}
	return r
}

// namePairs reads an optional mapping of names, calling each for every key
// and value.
func (p *parser) namePairs(n *yaml.Node, field, example string, each func(k, v *yaml.Node)) {
	if n == nil {
		return
	}
	if n.Kind != yaml.MappingNode {
		p.Wrong(n, field, "a mapping", example)
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k, ok := p.Name(n.Content[i], field, example); ok && k != "" {
			each(n.Content[i], n.Content[i+1])
		}
	}
}

func (*RefitFleet) schema() object {
	names := object{"type": "object", "additionalProperties": object{"type": "string"}}
	load := object{"type": "object", "additionalProperties": false, "properties": object{
		"fighters": object{"type": "integer", "minimum": 0}, "pfs": object{"type": "integer", "minimum": 0}, "interceptors": object{"type": "integer", "minimum": 0}}}
	return kindSchema("Refit ships of one fleet at your developed colony (UTD6.3J): 1 order point, none when your shipyards "+
		"there have room for half the move cost of every ship refitted (UTD6.3J3); BPV for the difference of each ship's "+
		"BPV, nothing when it is less (UTD6.3J5), for fighters and PFs added, and for officers bought (UTD6.3J4).",
		[]string{"fleet"}, object{"fleet": fleetRef,
			"refits":   described(names, "Each class refitted, and the class it becomes (the catalogue's refits:)."),
			"loads":    described(object{"type": "object", "additionalProperties": load}, "The fighters (load points), PFs and interceptors paid for, by class: from 75% of the class's full load to all of it (UTD6.3J6)."),
			"officers": described(names, "Each legendary officer, or outstanding for the outstanding crew, and the class of the ship that receives it (UTD7.263, UTD7.264).")})
}

// described returns a copy of a schema with its description.
func described(o object, desc string) object {
	out := object{"description": desc}
	for k, v := range o {
		out[k] = v
	}
	return out
}

// YAML echoes the order as players write it.
func (r *RefitFleet) YAML() string {
	var parts []string
	if len(r.Refits) > 0 {
		var s []string
		for _, x := range r.Refits {
			s = append(s, fmt.Sprintf("%s: %s", x.From, x.To))
		}
		parts = append(parts, "refits: {"+strings.Join(s, ", ")+"}")
	}
	if len(r.Loads) > 0 {
		var s []string
		for _, x := range r.Loads {
			var kinds []string
			for _, k := range []struct {
				key string
				n   int
			}{{"fighters", x.Load.Fighters}, {"pfs", x.Load.PFs}, {"interceptors", x.Load.Interceptors}} {
				if k.n >= 0 {
					kinds = append(kinds, fmt.Sprintf("%s: %d", k.key, k.n))
				}
			}
			s = append(s, fmt.Sprintf("%s: {%s}", x.Class, strings.Join(kinds, ", ")))
		}
		parts = append(parts, "loads: {"+strings.Join(s, ", ")+"}")
	}
	if len(r.Officers) > 0 {
		var s []string
		for _, x := range r.Officers {
			s = append(s, fmt.Sprintf("%s: %s", x.Legend, x.Class))
		}
		parts = append(parts, "officers: {"+strings.Join(s, ", ")+"}")
	}
	return fmt.Sprintf("refit_fleet: {fleet: %s, %s}", r.Fleet, strings.Join(parts, ", "))
}

// apply refits the fleet (UTD6.3J) at the player's developed colony
// (UTD6.3J1), every ship of each class named to the class named, among
// the catalogue's refits (UTD6.375), and sets loads and officers. It
// costs 1 point, none when the player's yards there have room left this
// turn for half the MC of every ship refitted, which the refit then uses
// (UTD6.3J3, UTD6.3755); BPV as RefitBPV
// and refitLoad price, with the officers' prices (UTD6.3J5, UTD6.3J4).
// The fleet stays within 5 MC (UTD7.23).
func (r *RefitFleet) apply(c *ctx) {
	f := c.fleet(r.Fleet, r.FleetPos, "UTD6.3J1")
	if f == nil {
		return
	}
	if !c.ownColony(f.At) {
		c.refuse(r.FleetPos, "UTD6.3J1", fmt.Sprintf("fleet %s is at %s, where you have no developed colony; a fleet refits at one, for 1 order point, none with room in your shipyards there", f.ID, f.At),
			"move it to a developed colony of yours first: "+listOr(c.colonySectors(), "you have none"))
		return
	}
	plan, ok := r.plan(c, f)
	if !ok {
		return
	}
	if mc := c.x.unitsMC(plan.units); mc > MaxMC*mcUnit {
		c.refuse(r.FleetPos, "UTD7.23", fmt.Sprintf("refitted, fleet %s would have a move cost of %s; a fleet holds at most %d MC", f.ID, mcText(mc), MaxMC),
			"refit fewer ships, or organize some into another fleet first")
		return
	}
	room, need := c.refitRoom(f.At), 0
	for _, i := range plan.touched {
		need += c.x.class(plan.units[i]).MC // half its MC, in sixtieths (UTD6.3755)
	}
	free := room >= need
	if !c.spendUnless(free, "UTD6.3J3", "free: your shipyards at %s have room for the refits, %s of %s MC (UTD6.3J3)", f.At, capText(need), capText(room)) {
		return
	}
	if !c.pay(whole(plan.bpv), "UTD6.3J5", "the refit") {
		return
	}
	if free {
		c.useRoom(f.At, need)
	}
	for _, i := range plan.touched {
		if f.Units[i] != plan.units[i] {
			c.say("%s refitted to %s for %d BPV (UTD6.3J5)", f.Units[i], plan.units[i], RefitBPV(c.st.Catalogue, f.Units[i], plan.units[i]))
		}
		f.Units[i] = plan.units[i]
		c.x.SetLoad(f, plan.loads[i])
	}
	for _, p := range plan.posted {
		crew := f.CrewOf(p.unit)
		if p.legend == Outstanding {
			crew.Quality = Outstanding
		} else {
			crew.Legendary = p.legend
		}
		f.SetCrew(crew)
		c.emp.Legends = append(c.emp.Legends, p.legend)
		c.say("the %s is bought, aboard the %s (UTD6.3J4, UTD7.263, UTD7.264)", p.what, f.Units[p.unit])
	}
	if plan.loadBPV > 0 {
		c.say("fighters and PFs bought for %d BPV (UTD6.3J6)", plan.loadBPV)
	}
	if plan.refund > 0 {
		c.credit(plan.refund)
		c.say("fighters and PFs shed, scrapped for %s BPV to %s (UTD6.3F, UTD8.2213)", plan.refund, c.funder())
	}
}

// refitPlan is what a refit_fleet order does to its fleet.
type refitPlan struct {
	// units are the fleet's classes afterwards and loads their loads;
	// touched are the ships refitted, by index.
	units   []campaign.ClassName
	loads   []Load
	touched []int
	posted  []posting
	// bpv is the whole price, in whole BPV; loadBPV its fighters' and
	// PFs' part; refund what shed fighters and PFs bring back.
	bpv, loadBPV int
	refund       BPV
}

// posting is an officer bought for a ship of the fleet.
type posting struct {
	legend, what string
	unit         int
}

// plan checks the order against the fleet and works out its refits,
// refusing it on the first fault.
func (r *RefitFleet) plan(c *ctx, f *campaign.Fleet) (refitPlan, bool) {
	p := refitPlan{units: slices.Clone(f.Units)}
	for _, x := range r.Refits {
		if !slices.Contains(f.Units, x.From) {
			c.refuse(x.Pos, "UTD6.3J2", fmt.Sprintf("fleet %s has no %s to refit; it holds %s", f.ID, x.From, campaign.UnitList(f.Units)), "name the classes of its ships")
			return p, false
		}
		if to := refitTargets(c.st.Catalogue, x.From); !slices.Contains(to, x.To) {
			var priced []string
			for _, t := range to {
				priced = append(priced, fmt.Sprintf("%s (%d BPV a ship)", t, RefitBPV(c.st.Catalogue, x.From, t)))
			}
			c.refuse(x.Pos, "UTD6.375", fmt.Sprintf("a %s does not refit to %s; it refits to %s", x.From, x.To, listOr(priced, "no class")),
				"name one of those, or a conversion at a shipyard")
			return p, false
		}
		for i, u := range f.Units {
			if u == x.From {
				p.units[i] = x.To
			}
		}
	}
	loads := map[campaign.ClassName]Attrition{}
	for _, x := range r.Loads {
		if !slices.Contains(p.units, x.Class) {
			c.refuse(x.Pos, "UTD6.3J6", fmt.Sprintf("fleet %s will hold no %s to load; it holds %s", f.ID, x.Class, campaign.UnitList(p.units)), "name the class after the refit")
			return p, false
		}
		loads[x.Class] = x.Load
	}
	for i, u := range f.Units {
		old := c.x.loadOf(f, i)
		p.loads = append(p.loads, old)
		given, ok := loads[p.units[i]]
		if !ok {
			if p.units[i] == u {
				continue
			}
			given = noLoad
		}
		got, why := c.x.refitLoad(old, u, p.units[i], given)
		if why != "" {
			c.refuse(r.posOf(p.units[i]), "UTD6.3J6", why, "give a load within those bounds in loads:")
			return p, false
		}
		p.loads[i], p.touched = got.Load, append(p.touched, i)
		p.bpv += RefitBPV(c.st.Catalogue, u, p.units[i]) + got.BPV
		p.loadBPV += got.BPV
		p.refund += got.Refund
	}
	officers := 0
	if hasLegend(f) {
		officers++
	}
	for _, x := range r.Officers {
		i, ok := r.post(c, f, &p, x, &officers)
		if !ok {
			return p, false
		}
		if !slices.Contains(p.touched, i) {
			p.touched = append(p.touched, i)
		}
	}
	slices.Sort(p.touched)
	for _, i := range p.touched {
		if c.uninspected(f, i, "fleet "+string(f.ID), r.FleetPos, "refitted") {
			return p, false
		}
	}
	return p, true
}

// post checks one officer of the order against the fleet, as refitted
// so far, and plans it aboard: a legend the scenario sells, bought once
// per navy and never again (UTD8.23, UTD7.264); a ship of its class that
// may have it (legendBar); one legendary officer a fleet (UTD7.263).
// officers counts the fleet's legendary officers.
func (r *RefitFleet) post(c *ctx, f *campaign.Fleet, p *refitPlan, x Posting, officers *int) (int, bool) {
	l := c.x.legend(x.Legend)
	rule, what := "UTD7.263", "legendary officer "+x.Legend
	if x.Legend == Outstanding {
		rule, what = "UTD7.264", "outstanding crew"
	}
	switch {
	case l == nil:
		c.refuse(x.Pos, "UTD8.23", fmt.Sprintf("the scenario sells no legendary officer %s", orders.Quote(x.Legend)), "name one of "+listOr(c.x.legendNames(), "none: this campaign has none"))
		return 0, false
	case slices.Contains(c.emp.Legends, x.Legend):
		c.refuse(x.Pos, rule, fmt.Sprintf("your navy has had its %s already; one each, never replaced when lost (UTD8.23, UTD7.263, UTD7.264)", what),
			"drop it; move the one you have with organize, officers:")
		return 0, false
	case x.Legend != Outstanding && *officers > 0:
		c.refuse(x.Pos, rule, fmt.Sprintf("fleet %s has a legendary officer already; a fleet has one at most", f.ID), "buy it for a ship of another fleet")
		return 0, false
	}
	i := slices.IndexFunc(p.units, func(u campaign.ClassName) bool { return u == x.Class })
	if i < 0 {
		c.refuse(x.Pos, rule, fmt.Sprintf("fleet %s will hold no %s for the %s; it holds %s", f.ID, x.Class, what, campaign.UnitList(p.units)), "name the class of a ship of the fleet after the refit")
		return 0, false
	}
	if k := c.st.Catalogue.Class(x.Class); k != nil {
		if why := c.x.legendBar(k, x.Legend); why != "" {
			c.refuse(x.Pos, rule, why, "name an SC3 or SC4 warship of the fleet")
			return 0, false
		}
	}
	if x.Legend != Outstanding {
		*officers++
	}
	p.bpv += l.BPV
	p.posted = append(p.posted, posting{legend: x.Legend, what: what, unit: i})
	return i, true
}

// posOf is where the order names a class among its loads, else the
// fleet's.
func (r *RefitFleet) posOf(class campaign.ClassName) orders.Pos {
	for _, x := range r.Loads {
		if x.Class == class {
			return x.Pos
		}
	}
	return r.FleetPos
}

// colonySectors lists the sectors of the player's developed colonies.
func (c *ctx) colonySectors() []string {
	var out []string
	for _, d := range c.st.Developments {
		if d.Owner == c.player && d.Kind == campaign.Colony {
			out = append(out, string(d.At))
		}
	}
	return out
}

// offer offers, for each fleet at a developed colony of the player's with
// a ship the catalogue refits, the refit of its first such class to the
// first class listed, priced as apply prices it (UTD6.3J).
func (r *RefitFleet) offer(o *offerer) {
	c := o.c
	for _, f := range o.fleets() {
		if !c.ownColony(f.At) {
			continue
		}
		for _, u := range f.Units {
			to := refitTargets(c.st.Catalogue, u)
			if len(to) == 0 {
				continue
			}
			ord := &RefitFleet{Fleet: f.ID, Refits: []ClassRefit{{From: u, To: to[0]}}}
			var p refitPlan
			if !o.fits(func() bool {
				var ok bool
				p, ok = ord.plan(c, f)
				return ok
			}) || c.x.unitsMC(p.units) > MaxMC*mcUnit {
				break
			}
			need := 0
			for _, i := range p.touched {
				need += c.x.class(p.units[i]).MC
			}
			points, note := 1, fmt.Sprintf("refits every %s of fleet %s to %s; other targets: %s (UTD6.3J1)", u, f.ID, to[0], listOr(names(to[1:]), "none"))
			if c.refitRoom(f.At) >= need {
				points, note = 0, "free: your shipyards there have room; "+note
			}
			o.add(r, points, whole(p.bpv), note, ord.YAML())
			break
		}
	}
}
