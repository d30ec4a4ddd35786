package thunderdome

import (
	"fmt"
	"slices"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// capUnit is one MC in the units shipyard capacity is counted in:
// sixtieths, so that a refit's half of a ship's MC (UTD6.3755) is whole
// for every move cost kept in thirtieths (mcUnit).
const capUnit = 2 * mcUnit

// The kinds of shipyard, as players name them in orders and the scenario
// names their sizes: the capital's own yard, and yards of size class 2, 3
// and 4 (UTD6.372).
const (
	YardCapital = "capital"
	YardSC2     = "sc2"
	YardSC3     = "sc3"
	YardSC4     = "sc4"
)

// yardKinds lists the kinds of shipyard, biggest first.
var yardKinds = []string{YardCapital, YardSC2, YardSC3, YardSC4}

// builtKinds are the kinds a build_shipyard order may build: a capital's
// yard comes with the capital (UTD6.3843).
var builtKinds = []string{YardSC2, YardSC3, YardSC4}

// yardCapacity is each kind's capacity in sixtieths of an MC: 2, 1.5, 1
// and 0.67, read as 2/3 (UTD6.372); yardDocks its dry-dock positions
// (UTD7.62).
var (
	yardCapacity = map[string]int{YardCapital: 2 * capUnit, YardSC2: 3 * capUnit / 2, YardSC3: capUnit, YardSC4: 2 * capUnit / 3}
	yardDocks    = map[string]int{YardCapital: 5, YardSC2: 4, YardSC3: 3, YardSC4: 2}
)

// Colony limits on shipyards (UTD6.3841, UTD6.3842): at most two yards,
// of 3 MC of capacity in all, 3.5 with the capital's.
const (
	maxColonyYards       = 2
	maxColonyCapacity    = 3 * capUnit
	maxCapitalColonyYard = 7 * capUnit / 2
)

// YardSize is what a kind of shipyard costs to build and how many works
// boxes it has (UTD6.381, UTD6.3724): the scenario's yards: block.
type YardSize struct {
	Kind  string `json:"kind"`
	BPV   int    `json:"bpv,omitempty"`
	Boxes int    `json:"boxes"`
}

// defaultYardSizes are the sizes of a scenario without a yards: block:
// our own numbers, as every unit of pbemd's scenarios.
var defaultYardSizes = []YardSize{
	{Kind: YardCapital, Boxes: 20},
	{Kind: YardSC2, BPV: 300, Boxes: 16},
	{Kind: YardSC3, BPV: 200, Boxes: 10},
	{Kind: YardSC4, BPV: 120, Boxes: 6},
}

// yardSpec and yardsSpec are the scenario's yards: block as it is
// written.
type (
	yardSpec struct {
		BPV   int `yaml:"bpv"`
		Boxes int `yaml:"boxes"`
	}
	yardsSpec struct {
		Capital yardSpec `yaml:"capital"`
		SC2     yardSpec `yaml:"sc2"`
		SC3     yardSpec `yaml:"sc3"`
		SC4     yardSpec `yaml:"sc4"`
	}
)

// readYardSizes reads yards:, {capital: {boxes}, sc2: {bpv, boxes}, ...}:
// what each kind of shipyard costs and its works boxes. A kind left out
// keeps its default (defaultYardSizes).
func readYardSizes(c *orders.Collector, n *yaml.Node) []YardSize {
	d := defaultYardSizes
	spec := yardsSpec{
		Capital: yardSpec{d[0].BPV, d[0].Boxes}, SC2: yardSpec{d[1].BPV, d[1].Boxes},
		SC3: yardSpec{d[2].BPV, d[2].Boxes}, SC4: yardSpec{d[3].BPV, d[3].Boxes},
	}
	c.Override(n, &spec, "yards", orders.Limits{})
	out := []YardSize{
		{YardCapital, spec.Capital.BPV, spec.Capital.Boxes}, {YardSC2, spec.SC2.BPV, spec.SC2.Boxes},
		{YardSC3, spec.SC3.BPV, spec.SC3.Boxes}, {YardSC4, spec.SC4.BPV, spec.SC4.Boxes},
	}
	for _, s := range out {
		if s.Boxes < 1 {
			c.Addf(n, "yards: %s has %d works boxes; a shipyard has at least 1 (UTD6.3724)", s.Kind, s.Boxes)
		}
	}
	return out
}

// yardSize returns the size of a kind of shipyard.
func (x *Ext) yardSize(kind string) YardSize {
	for _, s := range x.YardSizes {
		if s.Kind == kind {
			return s
		}
	}
	for _, s := range defaultYardSizes {
		if s.Kind == kind {
			return s
		}
	}
	return YardSize{Kind: kind, Boxes: 1}
}

// moveCapitalYard takes the player's capital yard to the capital's new
// sector (UTD6.32: the yard is the capital's).
func (x *Ext) moveCapitalYard(p campaign.PlayerID, to campaign.SystemID) {
	for i := range x.Yards {
		if y := &x.Yards[i]; y.Owner == p && y.Capital {
			y.At = to
		}
	}
}

// Kind names the yard as players do: "capital", "sc2", "sc3", "sc4".
func (y *Yard) Kind() string {
	if y.Capital {
		return YardCapital
	}
	return fmt.Sprintf("sc%d", y.Size)
}

// yardClass is the size class of a kind of yard: 2 for the capital's and
// sc2, 3, 4 (UTD6.3732).
func yardClass(kind string) int {
	switch kind {
	case YardSC3:
		return 3
	case YardSC4:
		return 4
	}
	return 2
}

// full is the yard's capacity whole, in sixtieths of an MC (UTD6.372).
func (y *Yard) full() int { return yardCapacity[y.Kind()] }

// Capacity is what the yard may do this turn, in sixtieths of an MC,
// before the turn's work: nothing while overhauled (UTD6.3726); a whole
// yard its full capacity; a damaged one the larger of half its capacity,
// as it repairs itself (UTD6.3725, UTD6.3H), and its capacity less the
// share of works boxes destroyed, rounded to the nearest sixtieth, half up
// (UTD6.3724) — using more than half forgoes the repair (UTD6.3H).
func (y *Yard) Capacity() int {
	switch {
	case y.Overhauled:
		return 0
	case y.Destroyed <= 0 || y.Boxes <= 0:
		return y.full()
	}
	left := max(y.Boxes-y.Destroyed, 0)
	damaged := (2*y.full()*left + y.Boxes) / (2 * y.Boxes)
	return max(y.full()/2, damaged)
}

// unused is what the yard's capacity this turn has left after the turn's
// work so far, in sixtieths of an MC, none below 0.
func (y *Yard) unused() int { return max(y.Capacity()-y.Used, 0) }

// forgoes reports whether the yard's work this turn took more than half
// its capacity while damaged, so that it does not repair itself after
// step 8 (UTD6.3H).
func (y *Yard) forgoes() bool { return y.Destroyed > 0 && y.Used > y.full()/2 }

// yardsAt returns the indices into x.Yards of the player's yards at a
// sector, the capital's first, then in the order they were built.
func (x *Ext) yardsAt(p campaign.PlayerID, at campaign.SystemID) []int {
	var out []int
	for i, y := range x.Yards {
		if y.Owner == p && y.At == at {
			if y.Capital {
				out = append([]int{i}, out...)
			} else {
				out = append(out, i)
			}
		}
	}
	return out
}

// workingYards are the player's yards at a sector that have arrived
// (built): not one still on order, which works from its owner's next
// turn (UTD6.382).
func (x *Ext) workingYards(p campaign.PlayerID, at campaign.SystemID) []int {
	return slices.DeleteFunc(x.yardsAt(p, at), func(i int) bool { return x.yardOrder(&x.Yards[i]) != nil })
}

// yardOrder is the construction yard y still waits for, or nil once it is
// built. A yard stands in Ext.Yards from its order (build_shipyard, a
// replacement capital) and arrives when step 10 of that turn receives its
// Build (receiveYard, UTD6.382), however many store turns the turn's
// reported battles take: it works, holds dry-dock positions and joins
// battles only then. Defenses arrive the same way (Defense.Waiting,
// arrive), and a replacement capital is the capital from then on
// (Empire.Capital).
func (x *Ext) yardOrder(y *Yard) *Build {
	for i := range x.Builds {
		if b := &x.Builds[i]; b.builds(y) {
			return b
		}
	}
	return nil
}

// builds reports whether b is the construction of yard y.
func (b *Build) builds(y *Yard) bool {
	return b.Yard != "" && b.Owner == y.Owner && b.At == y.At && b.Turn == y.Arrived &&
		yardClass(b.Yard) == y.Size && (b.Yard == YardCapital) == y.Capital
}

// yardPlaces lists the sectors of the player's yards, for hints.
func (x *Ext) yardPlaces(p campaign.PlayerID) []string {
	var out []string
	for _, y := range x.Yards {
		if s := string(y.At); y.Owner == p && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// capText writes capacity in sixtieths of an MC as MC: "2", "1/3",
// "1 1/2".
func capText(v int) string { return fracText(v, capUnit) }

// YardAt names one of the player's shipyards by its sector and kind, as
// build_shipyard and overhaul_shipyard do.
type YardAt struct {
	Sector    campaign.SystemID `json:"sector"`
	Yard      string            `json:"yard"`
	SectorPos orders.Pos        `json:"sector_pos"`
	YardPos   orders.Pos        `json:"yard_pos"`
}

// readYardAt reads sector: and yard:, a yard of one of kinds; rule is the
// order's and sector an example.
func readYardAt(p *parser, f orders.Fields, kinds []string, rule, sector string) YardAt {
	var y YardAt
	var s string
	s, y.SectorPos = p.name(f, "sector", "sector: "+sector)
	y.Sector = campaign.SystemID(s)
	y.Yard, y.YardPos = p.name(f, "yard", "yard: "+kinds[len(kinds)-1])
	if y.Yard != "" && !slices.Contains(kinds, y.Yard) {
		hint := "write yard: " + orders.OneOf(kinds)
		if y.Yard == YardCapital {
			hint = "a capital's yard comes with the capital (UTD6.3843); " + hint
		}
		p.Add(y.YardPos, rule, fmt.Sprintf("yard %s is not one of %s", orders.Quote(y.Yard), orders.OneOf(kinds)), hint)
	}
	return y
}

// text writes an order of the kind naming the yard, as flow-style YAML.
func (y YardAt) text(kind string) string {
	return fmt.Sprintf("%s: {sector: %s, yard: %s}", kind, y.Sector, y.Yard)
}

// minLoad is the least share of a full load, in percent, a new ship
// carries (UTD6.3736: 75%, fractions down).
const minLoad = 75

// loadAt is a class's full load cut to pct percent, each kind of unit
// rounded down (UTD6.3736), paid for and carried, with full spares, for
// unit i; nil for the full load.
func (d ClassData) loadAt(pct, i int) *Load {
	if pct >= 100 {
		return nil
	}
	cut := Attrition{Fighters: d.Fighters * pct / 100, PFs: d.PFs * pct / 100, Interceptors: d.Interceptors * pct / 100}
	return &Load{Unit: i, Carried: cut, Paid: cut, Spares: d.Spares}
}

// paidAt is the load a new ship of the class is paid for at pct percent
// of its full load (loadAt).
func (d ClassData) paidAt(pct int) Attrition {
	if l := d.loadAt(pct, 0); l != nil {
		return l.Paid
	}
	return d.full()
}

// carries reports whether a class carries attrition units.
func (d ClassData) carries() bool { return d.Fighters > 0 || d.PFs > 0 || d.Interceptors > 0 }

// Build is new construction ordered on the open turn, received at step
// 10 (UTD6.3734, UTD6.382): a ship of Class into fleet Into, or dry dock
// when Into is empty, with Load percent of its attrition units; or a
// shipyard of kind Yard, YardCapital for a replacement capital
// (UTD4.3235, UTD6.3843).
type Build struct {
	Owner campaign.PlayerID  `json:"owner"`
	At    campaign.SystemID  `json:"at"`
	Class campaign.ClassName `json:"class,omitempty"`
	Into  campaign.FleetID   `json:"into,omitempty"`
	Load  int                `json:"load,omitempty"`
	Yard  string             `json:"yard,omitempty"`
	// BPV is what it cost, given back if it cannot be received, and
	// Turn the store turn it was ordered in.
	BPV  BPV `json:"bpv"`
	Turn int `json:"turn"`
}

// Dock is a player's ships in dry dock at the shipyards of a sector
// (UTD7.6): they hold a position each, at most the yards' positions
// (UTD7.62), and leave it for a fleet by an organize order (UTD7.66).
type Dock struct {
	Owner campaign.PlayerID `json:"owner"`
	At    campaign.SystemID `json:"at"`
	// Ships are the ships, with their damage, crews and capture records
	// (campaign.Fleet; its owner, ID and sector stay empty), and Loads
	// their reduced loads by index into Ships.Units.
	Ships campaign.Fleet `json:"ships"`
	Loads []Load         `json:"loads,omitempty"`
	// Wrecked and Mended mark ships, by index into Ships.Units, as a
	// fleet's record does (FleetState): a captured wreck stays one
	// (UTD6.3E) until overhauled.
	Wrecked []int `json:"wrecked,omitempty"`
	Mended  []int `json:"mended,omitempty"`
}

// dock returns the player's dry dock at a sector, or nil.
func (x *Ext) dock(p campaign.PlayerID, at campaign.SystemID) *Dock {
	for i := range x.Docks {
		if x.Docks[i].Owner == p && x.Docks[i].At == at {
			return &x.Docks[i]
		}
	}
	return nil
}

// dockRoom is how many dry-dock positions the player's yards at a sector
// have free, less those this turn's builds will take (UTD7.62); a yard
// still on order has none yet (UTD6.382).
func (x *Ext) dockRoom(p campaign.PlayerID, at campaign.SystemID) int {
	room := 0
	for _, i := range x.workingYards(p, at) {
		room += yardDocks[x.Yards[i].Kind()]
	}
	if d := x.dock(p, at); d != nil {
		room -= len(d.Ships.Units)
	}
	for _, b := range x.Builds {
		if b.Owner == p && b.At == at && b.Class != "" && b.Into == "" {
			room--
		}
	}
	return room
}

// toDock puts ships into the player's dry dock at a sector, with their
// records and marks.
func (x *Ext) toDock(p campaign.PlayerID, at campaign.SystemID, ships parcel) {
	d := x.dock(p, at)
	if d == nil {
		x.Docks = append(x.Docks, Dock{Owner: p, At: at})
		d = &x.Docks[len(x.Docks)-1]
	}
	base := len(d.Ships.Units)
	d.Ships.Join(ships.units)
	ships.markFrom(base, &d.Wrecked, &d.Mended, func(l Load) { x.setDockLoad(d, l) })
}

// yards plays the shipyards' part of the end of the player's turn: new
// construction is received (step 10, UTD6.3734, UTD6.382), and every
// damaged yard of the player repairs its works boxes (after step 8,
// UTD4.3372, UTD6.3H) unless its work this turn forwent it; the turn's
// activations and overhauls end.
func (t *turn) yards() {
	builds := t.x.Builds
	t.x.Builds = nil
	for _, b := range builds {
		if b.Yard != "" {
			t.receiveYard(b)
		} else {
			t.receiveShip(b)
		}
	}
	for i := range t.x.Yards {
		y := &t.x.Yards[i]
		if y.Owner != t.player {
			continue
		}
		if y.Destroyed > 0 && !y.forgoes() {
			y.Destroyed = 0
			t.emit(EventYard, y.At, "UTD4.3372", "%s's %s yard at %s repaired its works boxes by itself (UTD4.3372, UTD6.3H).", y.Owner, y.Kind(), y.At)
		}
		y.Used, y.Active, y.Overhauled = 0, false, false
	}
}

// EventYard is a shipyard's news: construction received, a yard built or
// repaired.
const EventYard game.EventKind = "yard"

// receiveYard receives a new shipyard at step 10 (UTD6.382), at the
// player's developed colony; if the colony was lost meanwhile, the yard
// is not built and its price goes back (reading: the rules never let a
// build fail once ordered). The yard stands in Ext.Yards from its order.
// A replacement capital, bought or a new yard designated (Build.Yard
// YardCapital), opens with its bank (UTD4.3235, UTD4.3236, UTD6.3843).
func (t *turn) receiveYard(b Build) {
	capital := b.Yard == YardCapital
	i := slices.IndexFunc(t.x.Yards, func(y Yard) bool { return b.builds(&y) })
	if i < 0 || !t.st.HasDevelopment(b.Owner, b.At, campaign.Colony) {
		if i >= 0 {
			t.x.Yards = slices.Delete(t.x.Yards, i, i+1)
		}
		t.refund(b, fmt.Sprintf("its %s yard at %s was not built: the colony is no longer %s's", b.Yard, b.At, b.Owner))
		return
	}
	if e := t.x.empire(b.Owner); capital && e != nil {
		e.Capital = b.At
		t.emit(EventArrive, b.At, "UTD4.3235", "%s's new capital at %s is ready, with a new bank (UTD4.3235, UTD4.3236).", b.Owner, b.At)
		return
	}
	t.emit(EventYard, b.At, "UTD6.382", "%s's new %s yard at %s is built; it works from %s's next turn (UTD6.382).", b.Owner, t.x.Yards[i].Kind(), b.At, b.Owner)
}

// receiveShip receives a new ship at step 10 (UTD6.3734): into the fleet
// the order named, a new fleet of that name if the player has a fleet to
// spare, or dry dock; if the fleet cannot take it (it left, fell or
// filled up in battle), into dry dock (UTD6.3735), else its price goes
// back (reading).
func (t *turn) receiveShip(b Build) {
	d := t.x.class(b.Class)
	ship := campaign.Fleet{Units: []campaign.ClassName{b.Class}}
	load := d.loadAt(b.Load, 0)
	f := t.st.Fleet(b.Owner, b.Into)
	switch {
	case b.Into != "" && f == nil && t.x.fleetCount(t.st, b.Owner) < t.x.fleetLimit(b.Owner):
		t.st.Fleets = append(t.st.Fleets, campaign.Fleet{Owner: b.Owner, ID: b.Into, At: b.At})
		fs := t.x.fleet(b.Owner, b.Into)
		fs.Entered, fs.EnteredCycle = t.st.Turn, t.x.Cycle
		f = t.st.Fleet(b.Owner, b.Into)
		fallthrough
	case f != nil && f.At == b.At && !t.x.retreating(b.Owner, f.ID) && t.x.unitsMC(append(slices.Clone(f.Units), b.Class)) <= MaxMC*mcUnit:
		t.x.join(f, oneShip(ship, load))
		t.emit(EventYard, b.At, "UTD6.3734", "%s's new %s joined fleet %s at %s (UTD6.3734).", b.Owner, b.Class, f.ID, b.At)
	case t.x.dockRoom(b.Owner, b.At) > 0:
		t.x.toDock(b.Owner, b.At, oneShip(ship, load))
		t.emit(EventYard, b.At, "UTD6.3735", "%s's new %s is in dry dock at %s (UTD6.3735).", b.Owner, b.Class, b.At)
	default:
		t.refund(b, fmt.Sprintf("its new %s at %s has no fleet and no dry dock to go to", b.Class, b.At))
	}
}

// refund gives a build's price back to its owner, saying why.
func (t *turn) refund(b Build, why string) {
	t.credit(b.Owner, b.BPV)
	t.emit(EventYard, b.At, "UTD6.3734", "%s: %s, so its %s BPV went back (reading).", b.Owner, why, b.BPV)
}

// readConverts reads a class's converts:, a list of classes of the
// catalogue.
func readConverts(c *orders.Collector, n *yaml.Node, cat campaign.Catalogue) []campaign.ClassName {
	if n == nil {
		return nil
	}
	list, _, ok := c.Names(n, "converts", "converts: [heavy-cruiser]")
	if !ok {
		return nil
	}
	var out []campaign.ClassName
	for _, s := range list {
		if cat.Class(campaign.ClassName(s)) == nil {
			c.Addf(n, "converts names %s, which is not in units", orders.Quote(s))
			continue
		}
		out = append(out, campaign.ClassName(s))
	}
	return out
}

// undock moves ships from the player's dry dock at o.Dock into fleets
// there (UTD7.66): each fleet named, one of the player's at the sector or
// a new one within their limit (UTD7.21), takes the ships listed, within
// 5 MC (UTD7.23); 1 point per fleet that takes ships (UTD6.33, UTD7.66).
func (o *Organize) undock(c *ctx) {
	d := c.x.dock(c.player, o.Dock)
	if d == nil {
		c.refuse(o.FleetsAt, "UTD7.66", fmt.Sprintf("you have no ship in dry dock at %s", orders.Quote(string(o.Dock))),
			"name the sector of your dry dock in dock:")
		return
	}
	pool := campaign.Fleet{Units: slices.Clone(d.Ships.Units)}
	created := 0
	for _, fp := range o.Fleets {
		f := c.st.Fleet(c.player, fp.Fleet)
		switch {
		case f == nil && c.reserved(fp.Fleet, fp.Pos, "UTD7.66"):
			return
		case f == nil:
			created++
			if c.x.fleetCount(c.st, c.player)+created > c.x.fleetLimit(c.player) {
				c.refuse(fp.Pos, "UTD7.21", fmt.Sprintf("new fleet %s would give you more than %d fleets", fp.Fleet, c.x.fleetLimit(c.player)),
					"give the ships to fleets you have at "+string(o.Dock))
				return
			}
		case f.At != o.Dock || c.x.retreating(c.player, f.ID):
			c.refuse(fp.Pos, "UTD7.66", fmt.Sprintf("fleet %s is not at %s with the dry dock", f.ID, o.Dock), "name a fleet at "+string(o.Dock))
			return
		}
		idx, missing := campaign.PickUnits(&pool, fp.Units)
		if len(missing) > 0 || len(fp.Units) == 0 {
			c.refuse(fp.Pos, "UTD7.66", fmt.Sprintf("your dry dock at %s holds %s, not the ships listed for fleet %s", o.Dock, campaign.UnitList(pool.Units), fp.Fleet),
				"list ships the dry dock holds, each once")
			return
		}
		pool.Take(idx)
		var units []campaign.ClassName
		if f != nil {
			units = slices.Clone(f.Units)
		}
		if mc := c.x.unitsMC(append(units, fp.Units...)); mc > MaxMC*mcUnit {
			c.refuse(fp.Pos, "UTD7.23", fmt.Sprintf("fleet %s would have a move cost of %s; a fleet holds at most %d MC", fp.Fleet, mcText(mc), MaxMC), "give it fewer ships")
			return
		}
	}
	if !c.spend(len(o.Fleets), "UTD7.66") {
		return
	}
	for _, fp := range o.Fleets {
		if c.st.Fleet(c.player, fp.Fleet) == nil {
			c.st.Fleets = append(c.st.Fleets, campaign.Fleet{Owner: c.player, ID: fp.Fleet, At: o.Dock})
			fs := c.x.fleet(c.player, fp.Fleet)
			fs.Entered, fs.EnteredCycle, fs.Started = c.st.Turn, c.x.Cycle, o.Dock
		}
		idx, _ := campaign.PickUnits(&d.Ships, fp.Units)
		c.x.join(c.st.Fleet(c.player, fp.Fleet), d.take(idx))
		c.say("fleet %s took %s from dry dock at %s (UTD7.66)", fp.Fleet, campaign.UnitList(fp.Units), o.Dock)
	}
	c.x.Docks = slices.DeleteFunc(c.x.Docks, func(d Dock) bool { return len(d.Ships.Units) == 0 })
}

// take removes the ships at idx from the dry dock, with their records and
// marks.
func (d *Dock) take(idx []int) parcel {
	var p parcel
	p, d.Wrecked, d.Mended, d.Loads = split(&d.Ships, idx, marks{d.Wrecked, d.Mended, d.Loads})
	return p
}

// YardView is a shipyard as the reports show it: OnOrder is set while
// the turn it was ordered in waits for its battles, until step 10 builds
// it (UTD6.382).
type YardView struct {
	Yard
	OnOrder bool `json:"on_order,omitempty"`
}

// yardViews are the shipyards as the reports show them.
func (x *Ext) yardViews() []YardView {
	var out []YardView
	for i := range x.Yards {
		out = append(out, YardView{Yard: x.Yards[i], OnOrder: x.yardOrder(&x.Yards[i]) != nil})
	}
	return out
}

// yardRows writes a line for each shipyard of a view, with its capacity
// and damage, or when it works if it is on order, and one for each dry
// dock, with its ships, each wrecked, captured, damaged or short of
// fighters one apart, as a fleet's row writes them.
func yardRows(v *View) []string {
	var out []string
	for i := range v.Yards {
		y := &v.Yards[i]
		s := fmt.Sprintf("%s's %s yard at %s: capacity %s MC, %d dry-dock positions", y.Owner, y.Kind(), y.At, capText(y.full()), yardDocks[y.Kind()])
		if y.OnOrder {
			s = fmt.Sprintf("%s's %s yard at %s: on order: it is built when %s's turn ends and works from %s's next turn (UTD6.382), with capacity %s MC, %d dry-dock positions",
				y.Owner, y.Kind(), y.At, y.Owner, y.Owner, capText(y.full()), yardDocks[y.Kind()])
		}
		if y.Destroyed > 0 {
			s += fmt.Sprintf("; %d of %d works boxes destroyed: capacity %s, or half while it repairs itself at the end of %s's turn (UTD6.3724, UTD6.3H)",
				y.Destroyed, y.Boxes, capText(y.Capacity()), y.Owner)
		}
		out = append(out, s)
	}
	for _, d := range v.Docks {
		ships := newFleetRow(&d.Ships, FleetStatus{Wrecked: d.Wrecked, Loads: d.Loads}, nil).Units
		out = append(out, fmt.Sprintf("%s's dry dock at %s: %s (UTD7.6)", d.Owner, d.At, ships))
	}
	return out
}

// leaveYards takes a player's shipyards, dry docks and construction off
// the map as they leave the campaign (UTD3.91).
func (x *Ext) leaveYards(p campaign.PlayerID) {
	x.Yards = slices.DeleteFunc(x.Yards, func(y Yard) bool { return y.Owner == p })
	x.Docks = slices.DeleteFunc(x.Docks, func(d Dock) bool { return d.Owner == p })
	x.Builds = slices.DeleteFunc(x.Builds, func(b Build) bool { return b.Owner == p })
}
