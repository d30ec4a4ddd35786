package thunderdome

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// ActivateShipyard activates every shipyard of the player in one sector,
// the capital's too, and gives them their jobs (UTD6.37, UTD6.371): build,
// overhaul, refit, convert and inspect ships, within each yard's capacity
// (UTD6.372).
type ActivateShipyard struct {
	Sector    campaign.SystemID `json:"sector"`
	SectorPos orders.Pos        `json:"sector_pos"`
	Jobs      []YardJob         `json:"jobs"`
}

// YardJob is one job of an activation: its kind and the class of its
// ship, the ship's fleet ("dock" for a ship in dry dock), the class it is
// refitted or converted to, the fleet a new ship joins ("dock" for dry
// dock), the share of its attrition units a new ship carries, in percent,
// and the kind of yard that does it, if the player names one.
type YardJob struct {
	Kind  string             `json:"kind"`
	Class campaign.ClassName `json:"class"`
	Fleet campaign.FleetID   `json:"fleet,omitempty"`
	To    campaign.ClassName `json:"to,omitempty"`
	Into  campaign.FleetID   `json:"into,omitempty"`
	Load  int                `json:"load,omitempty"`
	Yard  string             `json:"yard,omitempty"`
	Pos   orders.Pos         `json:"pos"`
}

// The kinds of job (UTD6.371).
const (
	JobBuild    = "build"
	JobOverhaul = "overhaul"
	JobRefit    = "refit"
	JobConvert  = "convert"
	JobInspect  = "inspect"
)

// jobKinds lists the kinds of job, and jobKeys every key a job may hold.
var (
	jobKinds = []string{JobBuild, JobOverhaul, JobRefit, JobConvert, JobInspect}
	jobKeys  = append(slices.Clone(jobKinds), "fleet", "to", "into", "load", "yard")
)

// dockName is the name that stands for the dry dock where a fleet is
// named (UTD7.6).
const dockName = "dock"

// Name returns "activate_shipyard".
func (*ActivateShipyard) Name() string { return "activate_shipyard" }

// Example is an activate_shipyard order as players write it, for hints.
func (*ActivateShipyard) Example() string {
	return "- activate_shipyard: {sector: lyra, jobs: [{overhaul: cruiser, fleet: f1}, {build: frigate, into: f4}]}"
}

// Fields are the keys an activate_shipyard order may hold.
func (*ActivateShipyard) Fields() []string { return []string{"sector", "jobs"} }

func (*ActivateShipyard) parse(p *parser, f orders.Fields) Kind {
	a := &ActivateShipyard{}
	var s string
	s, a.SectorPos = p.name(f, "sector", "sector: lyra")
	a.Sector = campaign.SystemID(s)
	n := p.Need(f, "jobs", "[{build: frigate, into: f4}]")
	items, ok := p.List(n, "jobs", "jobs: [{build: frigate, into: f4}]")
	if ok && len(items) == 0 {
		p.Add(orders.PosOf(n), "UTD6.371", "jobs is empty", "give the yards at least one job, e.g. {build: frigate, into: f4}")
	}
	for _, item := range items {
		if j, ok := parseJob(p, item); ok {
			a.Jobs = append(a.Jobs, j)
		}
	}
	return a
}

// parseJob reads one job: one kind as a key naming the ship's class, and
// the fields that kind takes.
func parseJob(p *parser, item *yaml.Node) (YardJob, bool) {
	j := YardJob{Pos: orders.PosOf(item), Load: 100}
	f, ok := p.Mapping(item, "a shipyard job", jobKeys...)
	if !ok {
		return j, false
	}
	for _, k := range jobKinds {
		if n := f.Value(k); n != nil {
			if j.Kind != "" {
				p.Add(orders.PosOf(n), "UTD6.371", fmt.Sprintf("a job is one of %s; this one is both %s and %s", orders.OneOf(jobKinds), j.Kind, k),
					"give each ship its own job; an overhaul takes a refit or conversion with to:")
				return j, false
			}
			j.Kind = k
			c, _ := p.Name(n, k, k+": frigate")
			j.Class = campaign.ClassName(c)
		}
	}
	if j.Kind == "" {
		p.Add(j.Pos, "UTD6.371", "a job needs its kind: "+orders.OneOf(jobKinds), "for example {build: frigate, into: f4} or {overhaul: cruiser, fleet: f1}")
		return j, false
	}
	opt := func(key string) string {
		n := f.Value(key)
		if n == nil {
			return ""
		}
		s, _ := p.Name(n, key, key+": f1")
		return s
	}
	j.Fleet, j.To, j.Into, j.Yard = campaign.FleetID(opt("fleet")), campaign.ClassName(opt("to")), campaign.FleetID(opt("into")), opt("yard")
	if j.Yard != "" && !slices.Contains(yardKinds, j.Yard) {
		p.Add(j.Pos, "UTD6.372", fmt.Sprintf("yard %s is no kind of shipyard", orders.Quote(j.Yard)), "write yard: "+orders.OneOf(yardKinds))
	}
	want := func(key string, ok bool, why string) {
		if !ok {
			p.Add(j.Pos, "UTD6.371", fmt.Sprintf("a %s job %s %s", j.Kind, why, key), "for example "+jobExample(j.Kind))
		}
	}
	build := j.Kind == JobBuild
	want("into", !build || j.Into != "", "needs")
	want("fleet", build || j.Fleet != "", "needs")
	want("to", j.To != "" || (j.Kind != JobRefit && j.Kind != JobConvert), "needs")
	want("into", build || j.Into == "", "takes no")
	want("fleet", !build || j.Fleet == "", "takes no")
	want("to", !build || j.To == "", "takes no")
	if n := f.Value("load"); n != nil {
		want("load", build, "takes no")
		j.Load, _ = p.count(f, "load", minLoad, 100, 100)
	}
	return j, true
}

// jobExample is an example job of a kind.
func jobExample(kind string) string {
	switch kind {
	case JobBuild:
		return "{build: frigate, into: f4, load: 75}"
	case JobRefit:
		return "{refit: frigate, fleet: f1, to: frigate-r}"
	case JobConvert:
		return "{convert: destroyer, fleet: f1, to: war-destroyer}"
	case JobInspect:
		return "{inspect: cruiser, fleet: f2}"
	}
	return "{overhaul: cruiser, fleet: f1, to: cruiser-r}"
}

func (*ActivateShipyard) schema() object {
	name := object{"type": "string"}
	return kindSchema("Activate every shipyard of yours in a sector, the capital's too, for 1 order point, none if they are "+
		"active already this turn (UTD6.37, UTD6.371), and give them jobs within their capacity this turn: capital 2, sc2 1.5, "+
		"sc3 1, sc4 2/3 MC, less for damage (UTD6.372, UTD6.3724). A job is one of build (its MC, its BPV; received at the end "+
		"of the turn into a fleet, or dry dock), overhaul (its MC, 10% of its BPV), refit (half its MC, the BPV gained), convert "+
		"(the larger MC, the BPV gained or 25%, whichever is more) or inspect a captured ship (its MC, 30%), on a ship no "+
		"smaller than the yard's size class (UTD6.373–6.377).",
		[]string{"sector", "jobs"}, object{"sector": sectorRef, "jobs": object{"type": "array", "minItems": 1, "items": object{
			"type": "object", "additionalProperties": false, "minProperties": 1,
			"description": "One job: exactly one of build, overhaul, refit, convert or inspect, naming the ship's class.",
			"properties": object{
				JobBuild: name, JobOverhaul: name, JobRefit: name, JobConvert: name, JobInspect: name,
				"fleet": object{"type": "string", "description": "The fleet the ship is in, or dock for a ship in dry dock here."},
				"to":    object{"type": "string", "description": "The class a refit or conversion makes of it (with overhaul and inspect too)."},
				"into":  object{"type": "string", "description": "The fleet a new ship joins, a new one too, or dock for dry dock (UTD6.3734, UTD7.61)."},
				"load":  object{"type": "integer", "minimum": minLoad, "maximum": 100, "description": "Percent of its fighters and PFs a new ship carries, 75 to 100 (UTD6.3736)."},
				"yard":  object{"type": "string", "enum": yardKinds, "description": "The kind of yard that does the job; else the first with the room."},
			}}}})
}

// YAML echoes the order as players write it.
func (a *ActivateShipyard) YAML() string {
	jobs := make([]string, len(a.Jobs))
	for i, j := range a.Jobs {
		s := fmt.Sprintf("{%s: %s", j.Kind, j.Class)
		for _, kv := range [][2]string{{"fleet", string(j.Fleet)}, {"to", string(j.To)}, {"into", string(j.Into)}, {"yard", j.Yard}} {
			if kv[1] != "" {
				s += ", " + kv[0] + ": " + kv[1]
			}
		}
		if j.Kind == JobBuild && j.Load != 100 {
			s += fmt.Sprintf(", load: %d", j.Load)
		}
		jobs[i] = s + "}"
	}
	return fmt.Sprintf("activate_shipyard: {sector: %s, jobs: [%s]}", a.Sector, strings.Join(jobs, ", "))
}

// jobPlan is one job checked and priced, ready to carry out.
type jobPlan struct {
	job  YardJob
	yard int // index into Ext.Yards
	need int // capacity, in sixtieths of an MC
	cost BPV
	// ships is the fleet or dry dock holding the ship and unit its index;
	// fleet is the fleet, nil for a ship in dry dock or a build, and dock
	// the dry dock, nil for a ship in a fleet or a build.
	ships *campaign.Fleet
	fleet *campaign.Fleet
	dock  *Dock
	unit  int
	// refit and convert say what to: makes of the ship, and load its
	// fighters and PFs afterwards (refitLoad).
	refit, convert bool
	load           *refitted
	build          Build
}

// activation is an activate_shipyard order being checked: what is left
// of each yard's capacity, the ships already given a job, and the builds
// of the turn so far, those of earlier orders first, base of them.
type activation struct {
	c       *ctx
	a       *ActivateShipyard
	yards   []int
	left    map[int]int
	taken   map[*campaign.Fleet][]int
	pending []Build
	base    int
}

// apply checks every job, then activates the yards, pays and does the
// jobs (UTD6.37): 1 point for the sector's first activation of the turn
// (UTD6.371), the jobs' BPV in one sum, every fraction retained
// (UTD6.3F).
func (a *ActivateShipyard) apply(c *ctx) {
	act := a.activation(c)
	if act == nil {
		return
	}
	var plans []jobPlan
	var total BPV
	for _, j := range a.Jobs {
		p, ok := act.plan(j)
		if !ok {
			return
		}
		plans = append(plans, p)
		total += p.cost
	}
	if total > c.funds() {
		c.refuse(orders.Pos{}, "UTD6.37", fmt.Sprintf("these jobs cost %s BPV and you have %s; capacity left: %s",
			total, c.funds(), act.leftText()), "drop jobs until they cost what you have")
		return
	}
	active := slices.ContainsFunc(act.yards, func(i int) bool { return c.x.Yards[i].Active })
	if !c.spendUnless(active, "UTD6.37", "free: the yards at %s are active already this turn (UTD6.371)", a.Sector) {
		return
	}
	if total > 0 && !c.pay(total, "UTD6.37", "these jobs") {
		return
	}
	for _, i := range act.yards {
		c.x.Yards[i].Active = true
	}
	for _, p := range plans {
		c.x.Yards[p.yard].Used += p.need
		c.do(p)
	}
	for _, i := range act.yards {
		y := &c.x.Yards[i]
		if y.Active && y.Used > 0 {
			c.say("%s yard at %s: %s of %s MC of capacity used this turn", y.Kind(), y.At, capText(y.Used), capText(y.Capacity()))
		}
	}
}

// activation starts checking the order: the player's yards at the
// sector that work this turn, with the capacity each has left, and the
// builds of the turn so far. It refuses the order, returning nil, when
// there is no such yard.
func (a *ActivateShipyard) activation(c *ctx) *activation {
	act := &activation{c: c, a: a, yards: c.x.workingYards(c.player, a.Sector), left: map[int]int{}, taken: map[*campaign.Fleet][]int{}}
	if len(act.yards) == 0 && len(c.x.yardsAt(c.player, a.Sector)) > 0 {
		c.refuse(a.SectorPos, "UTD6.382", fmt.Sprintf("your shipyard at %s was ordered this turn and is built at its end", a.Sector),
			"activate it on your next turn")
		return nil
	}
	if len(act.yards) == 0 {
		c.refuse(a.SectorPos, "UTD6.37", fmt.Sprintf("you have no shipyard at %s", orders.Quote(string(a.Sector))),
			"your shipyards are at "+listOr(c.x.yardPlaces(c.player), "no sector: build one with build_shipyard (UTD6.38)"))
		return nil
	}
	for _, i := range act.yards {
		act.left[i] = c.x.Yards[i].Capacity() - c.x.Yards[i].Used
	}
	for _, b := range c.x.Builds {
		if b.Owner == c.player && b.Class != "" {
			act.pending = append(act.pending, b)
		}
	}
	act.base = len(act.pending)
	return act
}

// offer offers, at each sector with shipyards of the player's that work
// this turn, one job on a ship there, an inspection of a captured one
// first, else an overhaul of a damaged one first; and a build of the
// first class the player fields that the yards may take, into a fleet
// there with room, else a new fleet, else dry dock (UTD6.37, UTD6.373):
// each with the capacity left per yard, 1 point for the activation and
// the job's BPV.
func (a *ActivateShipyard) offer(o *offerer) {
	c := o.c
	for _, place := range c.x.yardPlaces(c.player) {
		at := campaign.SystemID(place)
		probe := a.activationAt(o, at)
		if probe == nil {
			continue
		}
		points, left := 1, probe.leftText()
		if slices.ContainsFunc(probe.yards, func(i int) bool { return c.x.Yards[i].Active }) {
			points = 0
		}
		for _, j := range shipJobs(o, at) {
			if o.offerJob(a, at, j, points, left) {
				break
			}
		}
		for _, j := range buildJobs(o, at) {
			if o.offerJob(a, at, j, points, left) {
				break
			}
		}
	}
}

// activationAt is a fresh activation of the player's yards at a sector
// for an offer, or nil when none works this turn.
func (a *ActivateShipyard) activationAt(o *offerer, at campaign.SystemID) *activation {
	var act *activation
	o.fits(func() bool { act = (&ActivateShipyard{Sector: at}).activation(o.c); return act != nil })
	return act
}

// offerJob offers one job at a sector if the yards there may do it now
// and the player has the BPV, and reports whether it did.
func (o *offerer) offerJob(a *ActivateShipyard, at campaign.SystemID, j YardJob, points int, left string) bool {
	act := a.activationAt(o, at)
	var p jobPlan
	if act == nil || !o.fits(func() (ok bool) { p, ok = act.plan(j); return ok }) || p.cost > o.c.funds() || points > o.c.left() {
		return false
	}
	try := &ActivateShipyard{Sector: at, Jobs: []YardJob{j}}
	rule := jobRule(j.Kind)
	if j.Kind == JobBuild {
		rule = "UTD6.373"
	}
	note := fmt.Sprintf("capacity left: %s MC; this %s takes %s MC (UTD6.372, %s)", left, j.Kind, capText(p.need), rule)
	if points == 0 {
		note += "; the yards there are active already this turn (UTD6.371)"
	}
	o.add(a, points, p.cost, note, try.YAML())
	return true
}

// shipJobs are the jobs the offer tries on ships at a sector, in order:
// inspections of captured ships, then overhauls of damaged ships, then
// of the others.
func shipJobs(o *offerer, at campaign.SystemID) []YardJob {
	var inspect, damaged, whole []YardJob
	for _, f := range o.fleets() {
		if f.At != at {
			continue
		}
		for i, u := range f.Units {
			switch {
			case f.IsCaptured(i):
				inspect = append(inspect, YardJob{Kind: JobInspect, Class: u, Fleet: f.ID, Load: 100})
			case f.DamageOf(i).Any():
				damaged = append(damaged, YardJob{Kind: JobOverhaul, Class: u, Fleet: f.ID, Load: 100})
			default:
				whole = append(whole, YardJob{Kind: JobOverhaul, Class: u, Fleet: f.ID, Load: 100})
			}
		}
	}
	return append(append(inspect, damaged...), whole...)
}

// buildJobs are the builds the offer tries at a sector: each class the
// player fields, in first-seen order, into the first fleet there with
// room, else a new fleet, else dry dock.
func buildJobs(o *offerer, at campaign.SystemID) []YardJob {
	c := o.c
	var classes []campaign.ClassName
	for _, f := range o.fleets() {
		for _, u := range f.Units {
			if !slices.Contains(classes, u) {
				classes = append(classes, u)
			}
		}
	}
	var out []YardJob
	for _, cls := range classes {
		into := c.x.newFleetID(c.st, c.player)
		for _, f := range o.fleets() {
			if f.At == at && !c.x.retreating(f.Owner, f.ID) && c.x.unitsMC(append(slices.Clone(f.Units), cls)) <= MaxMC*mcUnit {
				into = f.ID
				break
			}
		}
		if into == "" {
			into = dockName
		}
		out = append(out, YardJob{Kind: JobBuild, Class: cls, Into: into, Load: 100})
	}
	return out
}

// leftText writes the capacity each yard has left: "capital 1/3, sc4
// 2/3".
func (act *activation) leftText() string {
	parts := make([]string, len(act.yards))
	for n, i := range act.yards {
		y := &act.c.x.Yards[i]
		parts[n] = y.Kind() + " " + capText(max(act.left[i], 0))
		if y.Overhauled {
			parts[n] += " (overhauled this turn, UTD6.3726)"
		}
	}
	return strings.Join(parts, ", ")
}

// plan checks and prices one job, and takes its capacity from the yard
// that does it.
func (act *activation) plan(j YardJob) (jobPlan, bool) {
	c := act.c
	p := jobPlan{job: j}
	cat := c.st.Catalogue
	k := cat.Class(j.Class)
	if k == nil {
		c.refuse(j.Pos, "UTD6.371", fmt.Sprintf("no unit class is called %s", orders.Quote(string(j.Class))), "name a class of the scenario's units")
		return p, false
	}
	size := k.Size
	if j.Kind == JobBuild {
		if !act.buildable(j, k) {
			return p, false
		}
		bpv := k.EBPV + c.x.loadBPV(c.x.class(j.Class).paidAt(j.Load)) // with its fighters and PFs (UTD6.3736)
		p.need, p.cost = 2*c.x.class(j.Class).MC, whole(bpv)
		p.build = Build{Owner: c.player, At: act.a.Sector, Class: j.Class, Load: j.Load, BPV: whole(bpv), Turn: c.st.Turn}
		if j.Into != dockName {
			p.build.Into = j.Into
		}
	} else if !act.ship(&p) {
		return p, false
	}
	mc := c.x.class(j.Class).MC
	old := k.EBPV
	var to *campaign.UnitClass
	if j.To != "" {
		if to = cat.Class(j.To); to == nil {
			c.refuse(j.Pos, "UTD6.375", fmt.Sprintf("no unit class is called %s", orders.Quote(string(j.To))), "name a class of the scenario's units")
			return p, false
		}
		p.refit = slices.Contains(k.Refits, j.To) && j.Kind != JobConvert
		p.convert = slices.Contains(c.x.class(j.Class).Converts, j.To) && (j.Kind == JobConvert || j.Kind == JobOverhaul && !p.refit)
		if !p.refit && !p.convert {
			act.noTarget(j, k)
			return p, false
		}
		size = min(size, to.Size)
	}
	gain := whole(RefitBPV(cat, j.Class, j.To)) // the BPV gained, as refit_fleet prices it
	switch j.Kind {
	case JobOverhaul:
		p.need, p.cost = 2*mc, percent(old, 10) // UTD6.3743: 10%
	case JobRefit:
		p.need = mc // UTD6.3755: half its MC
	case JobConvert:
		p.need = 0
	case JobInspect:
		p.need, p.cost = 2*mc, percent(old, 30) // UTD6.3775: 30%
		if to != nil {
			p.cost += percent(to.EBPV, 20) // UTD6.3772: 20% of the refitted class
		}
	}
	switch {
	case p.refit && j.Kind != JobInspect:
		p.cost += gain // UTD6.3755
	case p.convert:
		p.need = max(p.need, 2*max(mc, c.x.class(j.To).MC)) // UTD6.3766
		p.cost += max(gain, percent(old, 25))               // UTD6.3764
	}
	if (p.refit || p.convert) && j.To != j.Class {
		// The new class's full load, only the units it gains bought
		// (UTD6.3758, UTD6.3767, UTD6.3737), in a fleet or dry dock.
		got, _ := c.x.refitLoad(p.loadNow(c.x), j.Class, j.To, noLoad)
		p.cost += whole(got.BPV)
		p.load = &got
	}
	return p, act.assign(&p, size)
}

// buildable checks a build (UTD6.373): a warship or freighter, with the
// load it may carry, into a fleet at the sector with room, or dry dock
// when no fleet has any (UTD6.3735, UTD7.61, UTD7.63).
func (act *activation) buildable(j YardJob, k *campaign.UnitClass) bool {
	c, at := act.c, act.a.Sector
	d := c.x.class(j.Class)
	switch {
	case k.IsBase():
		c.refuse(j.Pos, "UTD6.3731", fmt.Sprintf("%s is a base; shipyards build only warships and freighters", j.Class),
			"build defenses with revise_defenses (UTD6.3A)")
		return false
	case j.Load != 100 && !d.carries():
		c.refuse(j.Pos, "UTD6.3736", fmt.Sprintf("%s carries no fighters or PFs, so it takes no load", j.Class), "drop load:")
		return false
	case j.Into == dockName:
		if f := act.roomyFleet(j.Class); f != "" || c.x.fleetCount(c.st, c.player)+act.newFleets() < c.x.fleetLimit(c.player) {
			hint := "build it into a new fleet: into: a name of your choosing"
			if f != "" {
				hint = "build it into fleet " + string(f)
			}
			c.refuse(j.Pos, "UTD7.61", "a new ship goes into dry dock only when no fleet can take it", hint)
			return false
		}
		if act.dockRoom() <= 0 {
			c.refuse(j.Pos, "UTD7.63", fmt.Sprintf("no fleet can take the %s and your yards at %s have no dry-dock position free", j.Class, at),
				"make room in a fleet at "+string(at)+" first, or build nothing")
			return false
		}
		return true
	}
	f := c.st.Fleet(c.player, j.Into)
	switch {
	case f == nil && c.reserved(j.Into, j.Pos, "UTD6.3734"):
		return false
	case f == nil && c.x.fleetCount(c.st, c.player)+act.newFleets()+boolInt(!act.named(j.Into)) > c.x.fleetLimit(c.player):
		c.refuse(j.Pos, "UTD7.21", fmt.Sprintf("you have no fleet %s and may form no more; you may have %d", j.Into, c.x.fleetLimit(c.player)),
			"build it into a fleet of yours at "+string(at)+", or into: dock if none has room (UTD7.61)")
		return false
	case f != nil && (f.At != at || c.x.retreating(c.player, f.ID)):
		c.refuse(j.Pos, "UTD6.3734", fmt.Sprintf("fleet %s is not at %s, where the ship is built", f.ID, at), "build it into a fleet at "+string(at))
		return false
	case f != nil && c.x.unitsMC(append(act.intoUnits(f), j.Class)) > MaxMC*mcUnit:
		c.refuse(j.Pos, "UTD7.23", fmt.Sprintf("fleet %s would pass %d MC with the new %s and the ships built into it this turn", f.ID, MaxMC, j.Class),
			"build it into another fleet, a new one too")
		return false
	}
	return true
}

// boolInt is 1 for true.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// named reports whether a build of the turn so far names fleet id.
func (act *activation) named(id campaign.FleetID) bool {
	return slices.ContainsFunc(act.pending, func(b Build) bool { return b.Into == id })
}

// newFleets counts the fleets the turn's builds so far will form.
func (act *activation) newFleets() int {
	var seen []campaign.FleetID
	for _, b := range act.pending {
		if b.Into != "" && act.c.st.Fleet(act.c.player, b.Into) == nil && !slices.Contains(seen, b.Into) {
			seen = append(seen, b.Into)
		}
	}
	return len(seen)
}

// intoUnits are fleet f's ships and those built into it this turn.
func (act *activation) intoUnits(f *campaign.Fleet) []campaign.ClassName {
	units := slices.Clone(f.Units)
	for _, b := range act.pending {
		if b.Into == f.ID {
			units = append(units, b.Class)
		}
	}
	return units
}

// roomyFleet is a fleet of the player at the sector with room for a ship
// of the class, or "".
func (act *activation) roomyFleet(class campaign.ClassName) campaign.FleetID {
	for i := range act.c.st.Fleets {
		f := &act.c.st.Fleets[i]
		if f.Owner == act.c.player && f.At == act.a.Sector && !act.c.x.retreating(f.Owner, f.ID) &&
			act.c.x.unitsMC(append(act.intoUnits(f), class)) <= MaxMC*mcUnit {
			return f.ID
		}
	}
	return ""
}

// dockRoom is the dry-dock positions free at the sector, less those this
// order's builds so far take (Ext.dockRoom counts earlier orders').
func (act *activation) dockRoom() int {
	room := act.c.x.dockRoom(act.c.player, act.a.Sector)
	for _, b := range act.pending[act.base:] {
		if b.Into == "" {
			room--
		}
	}
	return room
}

// ship finds the ship a job works on: in the fleet named, at the sector,
// or in dry dock there; one not given a job already, a captured one for
// an inspection and one of the player's own otherwise if both are there.
// A captured ship is inspected before any other job (UTD6.3773, UTD7.8).
func (act *activation) ship(p *jobPlan) bool {
	c, j := act.c, p.job
	if j.Fleet == dockName {
		d := c.x.dock(c.player, act.a.Sector)
		if d == nil {
			c.refuse(j.Pos, "UTD7.6", fmt.Sprintf("you have no ship in dry dock at %s", act.a.Sector), "name the fleet the ship is in")
			return false
		}
		p.ships, p.dock = &d.Ships, d
	} else {
		f := c.fleet(j.Fleet, j.Pos, "UTD6.371")
		if f == nil {
			return false
		}
		if f.At != act.a.Sector {
			c.refuse(j.Pos, "UTD6.371", fmt.Sprintf("fleet %s is at %s, not at %s with the yards", f.ID, f.At, act.a.Sector),
				"move it there first, or activate the yards where it is")
			return false
		}
		p.ships, p.fleet = f, f
	}
	want := j.Kind == JobInspect
	p.unit = -1
	for i, u := range p.ships.Units {
		if u != j.Class || slices.Contains(act.taken[p.ships], i) {
			continue
		}
		if p.unit < 0 || p.ships.IsCaptured(i) == want && p.ships.IsCaptured(p.unit) != want {
			p.unit = i
		}
	}
	where := "fleet " + string(j.Fleet)
	if p.fleet == nil {
		where = "your dry dock at " + string(act.a.Sector)
	}
	captured := p.unit >= 0 && p.ships.IsCaptured(p.unit)
	switch {
	case p.unit < 0:
		c.refuse(j.Pos, "UTD6.371", fmt.Sprintf("%s holds no %s without a job in this order; it holds %s", where, j.Class, campaign.UnitList(p.ships.Units)),
			"give each ship one job; an overhaul takes a refit or conversion with to:")
		return false
	case want && !captured:
		c.refuse(j.Pos, "UTD6.377", fmt.Sprintf("the %s in %s is not a captured ship; only captured ships are inspected", j.Class, where),
			"overhaul it instead: {overhaul: "+string(j.Class)+", fleet: "+string(j.Fleet)+"}")
		return false
	case captured && !want && c.uninspected(p.ships, p.unit, where, j.Pos, pastOf(j.Kind)):
		return false
	}
	act.taken[p.ships] = append(act.taken[p.ships], p.unit)
	return true
}

// pastOf is a job's kind as done: "overhauled".
func pastOf(kind string) string {
	switch kind {
	case JobRefit:
		return "refitted"
	case JobConvert:
		return "converted"
	}
	return kind + "ed"
}

// noTarget refuses a to: the class cannot be refitted or converted to.
func (act *activation) noTarget(j YardJob, k *campaign.UnitClass) {
	c := act.c
	refits, converts := names(k.Refits), names(c.x.class(j.Class).Converts)
	switch {
	case j.Kind == JobInspect:
		c.refuse(j.Pos, "UTD6.3772", fmt.Sprintf("a captured %s may be refitted, never converted, and it has no refit to %s", j.Class, j.To),
			"its refits are "+listOr(refits, "none"))
	case j.Kind == JobRefit && slices.Contains(converts, string(j.To)):
		c.refuse(j.Pos, "UTD6.3753", fmt.Sprintf("%s to %s is a conversion, not a refit", j.Class, j.To),
			fmt.Sprintf("write {convert: %s, fleet: %s, to: %s}", j.Class, j.Fleet, j.To))
	case j.Kind == JobConvert && slices.Contains(refits, string(j.To)):
		c.refuse(j.Pos, "UTD6.3753", fmt.Sprintf("%s to %s is a refit, not a conversion", j.Class, j.To),
			fmt.Sprintf("write {refit: %s, fleet: %s, to: %s}", j.Class, j.Fleet, j.To))
	default:
		c.refuse(j.Pos, "UTD6.3762", fmt.Sprintf("a %s has no refit or conversion to %s", j.Class, j.To),
			"its refits are "+listOr(refits, "none")+"; its conversions "+listOr(converts, "none"))
	}
}

// assign gives a job to a yard of the sector that may do it: of the kind
// named, else the first, the capital's first, of a size class no larger
// than the ship's (UTD6.3732, UTD6.3742) with the capacity left
// (UTD6.3721; one yard a job, reading of UTD6.3786). It refuses with
// what each yard has left and what the job costs.
func (act *activation) assign(p *jobPlan, size int) bool {
	c, j := act.c, p.job
	cost := fmt.Sprintf("it needs %s MC of capacity and costs %s BPV", capText(p.need), p.cost)
	var kinds []string
	sized, least := false, 4
	for _, i := range act.yards {
		y := &c.x.Yards[i]
		kinds = append(kinds, y.Kind())
		if j.Yard != "" && y.Kind() != j.Yard {
			continue
		}
		least = min(least, yardClass(y.Kind()))
		if yardClass(y.Kind()) > size {
			continue
		}
		sized = true
		if act.left[i] >= p.need {
			act.left[i] -= p.need
			p.yard = i
			if j.Kind == JobBuild {
				act.pending = append(act.pending, p.build)
			}
			return true
		}
	}
	switch {
	case j.Yard != "" && !slices.Contains(kinds, j.Yard):
		c.refuse(j.Pos, "UTD6.372", fmt.Sprintf("you have no %s yard at %s; yours there are %s", j.Yard, act.a.Sector, strings.Join(kinds, ", ")),
			"name one of them, or leave yard: out")
	case !sized:
		c.refuse(j.Pos, "UTD6.3732", fmt.Sprintf("the job is on a ship of size class %d, and your yards at %s that may take it work only on ships of size class %d and up (%s)",
			size, act.a.Sector, least, cost), "give the job to a yard of a larger size class: the capital's, or an sc2 yard")
	default:
		c.refuse(j.Pos, "UTD6.3721", fmt.Sprintf("your yards at %s have too little capacity left for the %s %s: %s left; %s",
			act.a.Sector, j.Kind, j.Class, act.leftText(), cost), "drop the job, or give it next turn: unused capacity is not kept (UTD6.3723)")
	}
	return false
}

// do carries out a checked job.
func (c *ctx) do(p jobPlan) {
	j := p.job
	y := &c.x.Yards[p.yard]
	by := fmt.Sprintf("%s yard at %s", y.Kind(), y.At)
	if j.Kind == JobBuild {
		c.x.Builds = append(c.x.Builds, p.build)
		into := "dry dock"
		if p.build.Into != "" {
			into = "fleet " + string(p.build.Into)
		}
		load := ""
		if j.Load != 100 {
			load = fmt.Sprintf(" with %d%% of its fighters and PFs (UTD6.3736)", j.Load)
		}
		c.say("%s: building %s%s, for %s at the end of the turn, %s MC of capacity, %s BPV (UTD6.373, UTD6.3734)", by, j.Class, load, into, capText(p.need), p.cost)
		return
	}
	what := pastOf(j.Kind) + " " + string(j.Class)
	if j.Kind == JobOverhaul || j.Kind == JobInspect {
		drop := func(i int) bool { return i == p.unit }
		p.ships.Damage = slices.DeleteFunc(p.ships.Damage, func(d campaign.UnitDamage) bool { return d.Unit == p.unit })
		p.ships.Captured = slices.DeleteFunc(p.ships.Captured, drop)
		if p.fleet != nil {
			fs := c.x.fleet(p.fleet.Owner, p.fleet.ID)
			fs.Wrecked, fs.Mended = slices.DeleteFunc(fs.Wrecked, drop), slices.DeleteFunc(fs.Mended, drop)
		} else if p.dock != nil {
			p.dock.Wrecked, p.dock.Mended = slices.DeleteFunc(p.dock.Wrecked, drop), slices.DeleteFunc(p.dock.Mended, drop)
		}
	}
	if p.refit || p.convert {
		p.ships.Units[p.unit] = j.To
		if p.load != nil {
			p.setLoad(c.x, p.load.Load)
			if p.load.Refund > 0 {
				c.credit(p.load.Refund)
				c.say("fighters and PFs shed, scrapped for %s BPV to %s (UTD6.3F, UTD8.2213)", p.load.Refund, c.funder())
			}
		}
		verb := "refitted"
		if p.convert {
			verb = "converted"
		}
		if j.Kind == JobRefit || j.Kind == JobConvert {
			what += " to " + string(j.To)
		} else {
			what += fmt.Sprintf(" and %s it to %s", verb, j.To)
		}
	}
	where := "fleet " + string(j.Fleet)
	if p.fleet == nil {
		where = "dry dock"
	}
	c.say("%s: %s in %s, %s MC of capacity, %s BPV (%s)", by, what, where, capText(p.need), p.cost, jobRule(j.Kind))
}

// loadNow is what the job's ship carries before the job.
func (p *jobPlan) loadNow(x *Ext) Load {
	if p.dock != nil {
		return x.dockLoad(p.dock, p.unit)
	}
	return x.loadOf(p.fleet, p.unit)
}

// setLoad records what the job's ship carries after it.
func (p *jobPlan) setLoad(x *Ext, l Load) {
	if p.dock != nil {
		x.setDockLoad(p.dock, l)
		return
	}
	x.SetLoad(p.fleet, l)
}

// jobRule is the rule of a kind of job.
func jobRule(kind string) string {
	switch kind {
	case JobOverhaul:
		return "UTD6.374"
	case JobRefit:
		return "UTD6.375"
	case JobConvert:
		return "UTD6.376"
	}
	return "UTD6.377"
}
