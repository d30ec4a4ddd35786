package eaw

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// Build builds units at the player's FRD into a fleet there (EaW 6.0).
type Build struct {
	// At is the system of the FRD that builds; empty means the player's
	// only FRD.
	At    campaign.SystemID
	AtPos orders.Pos
	Units []campaign.ClassName
	// Fleet is the player's fleet at the FRD, or a new fleet ID, which
	// creates the fleet there (EaW 6c).
	Fleet campaign.FleetID
	// MP is 1 (the default; costs 1 point; the units may move this turn) or
	// 0 (free; the units move next turn) (EaW 6.0).
	MP int
	// TwoFRDs is set by frds: 2: two FRDs in one system build a ship of
	// more docking points than one FRD builds in a turn, in one turn (EaW
	// 6.0); otherwise such a ship takes its FRD two turns. Orders on file
	// from before it read as one FRD.
	TwoFRDs  bool
	UnitsPos []orders.Pos
	FleetPos orders.Pos
	MPPos    orders.Pos
	FRDsPos  orders.Pos
}

// Name returns "build".
func (*Build) Name() string { return "build" }

// Example is a build order as players write it, for hints.
func (*Build) Example() string { return "- build: {units: [cruiser, frigate], fleet: 3rd, mp: 1}" }

// Fields are the keys a build order may hold.
func (*Build) Fields() []string { return []string{"units", "fleet", "mp", "at", "frds"} }

// parse reads a build order; mp defaults to 1, frds to 1.
func (*Build) parse(p *parser, key, n *yaml.Node) Kind {
	f := p.orderFields(key, n)
	b := &Build{MP: 1}
	if e, ok := p.required(f, key, "units"); ok {
		b.Units, b.UnitsPos = p.classes(e.Value, "units")
	}
	b.Fleet, b.FleetPos = requiredName[campaign.FleetID](p, f, key, "fleet", "fleet: 3rd")
	if e, ok := f.Get("at"); ok {
		s, _ := p.Name(e.Value, "at", "at: drakkar")
		b.At, b.AtPos = campaign.SystemID(s), orders.PosOf(e.Value)
	}
	var mp, frds int
	if mp, b.MPPos = eitherInt(p, f, "mp", [2]int{0, 1},
		"write mp: 1 (the units may move this turn, for a build's order points) or mp: 0 (free; they move next turn)"); mp >= 0 {
		b.MP = mp
	}
	frds, b.FRDsPos = eitherInt(p, f, "frds", [2]int{1, 2},
		"write frds: 2 for two FRDs in one system building a ship of more docking points than one FRD builds in a turn")
	b.TwoFRDs = frds == 2
	return b
}

// eitherInt reads the optional field name of a build order, one of two
// numbers (EaW 6.0): it returns the number and where it stands, or -1
// when the field is left out or is neither, which is a problem with hint.
func eitherInt(p *parser, f orders.Fields, name string, either [2]int, hint string) (int, orders.Pos) {
	e, ok := f.Get(name)
	if !ok {
		return -1, orders.Pos{}
	}
	at := orders.PosOf(e.Value)
	v, ok := p.Int(e.Value, name, fmt.Sprintf("%s: %d", name, either[1]))
	switch {
	case !ok:
		return -1, at
	case v != either[0] && v != either[1]:
		p.Add(at, "EaW 6.0", fmt.Sprintf("%s must be %d or %d, not %d", name, either[0], either[1], v), hint)
		return -1, at
	}
	return v, at
}

func (*Build) schema(r *campaign.Rules) *schema {
	return closed("A build order: build units at your FRD (EaW 6.0).", []string{"build"},
		prop{"build", closed("Build units at your FRD (EaW 6.0, 15.0), paid from your treasury at their "+
			"economic BPV: one build per FRD per turn (EaW 33.0 #3), of at most "+strconv.Itoa(r.Build.Docking)+" docking points. "+
			"With mp: 1 it costs "+orderPoints(r.Budget.BuildCost)+" (EaW 5.0).",
			[]string{"units", "fleet"},
			prop{"units", namesSchema("The unit classes to build, by their names in the campaign's catalogue; name a "+
				"class twice to build two, e.g. [cruiser, frigate, frigate].", "A unit class, e.g. frigate.")},
			prop{"fleet", nameSchema("A fleet of yours at the FRD to put the units into, or a new fleet ID (up to 32 " +
				"letters, digits, '-' or '_'), which forms at the FRD (EaW 6c).")},
			prop{"at", nameSchema("The system of the FRD that builds, e.g. drakkar; needed only when you have more than one FRD.")},
			prop{"frds", &schema{
				Description: "2: two FRDs in the same system build a ship of more than " + strconv.Itoa(r.Build.Docking) + " docking points in one turn, " +
					"for twice the build's order points with mp: 1; 1 (the default): one FRD builds such a ship over two seasonal turns, with mp: 0 (EaW 6.0).",
				Default: 1,
				AnyOf: []*schema{
					{Enum: []any{1, 2}},
					{Type: "string", Pattern: `^\s*\+?0*[12]\s*$`, Description: "a quoted 1 or 2"},
				},
			}},
			prop{"mp", &schema{
				Description: "1 (the default): costs " + orderPoints(r.Budget.BuildCost) + ", and the units may move this turn; " +
					"0: free, and the units join after movement and move from next turn (EaW 6.0).",
				Default: 1,
				AnyOf: []*schema{
					{Enum: []any{0, 1}},
					{Type: "string", Pattern: `^\s*(\+?0*1|[+-]?0+)\s*$`, Description: "a quoted 0 or 1"},
				},
			}},
		)})
}

// YAML echoes the order as players write it.
func (b *Build) YAML() string {
	at := ""
	if b.At != "" {
		at = fmt.Sprintf(", at: %s", b.At)
	}
	if b.TwoFRDs {
		at += ", frds: 2"
	}
	return fmt.Sprintf("build: {units: [%s], fleet: %s, mp: %d%s}", join(b.Units), b.Fleet, b.MP, at)
}

// check checks a build order at one of the player's FRDs (EaW 6.0, 15a):
// one per FRD per turn (EaW 33.0 #3), known classes, at most
// Rules.Build.Docking docking points, paid from the treasury, into a fleet
// at the FRD or a new one (EaW 6c). With mp 1 it costs Rules.Budget.BuildCost
// points and the units may move this turn. A ship of more docking points
// is built alone, over two turns by one FRD, or in one by two FRDs in the
// same system for twice the points (bigShip).
func (b *Build) check(v *validator, o Order) CostedOrder {
	co := CostedOrder{Order: o}
	if b.MP == 1 {
		co.Points = v.costs.BuildCost * b.frds()
	}
	frd := v.builder(o, b)
	var notes []string
	co.BPV, notes = v.units(o, b)
	co.Notes = append(co.Notes, notes...)
	if big := v.bigShip(o, b); big != nil && !b.TwoFRDs && b.MP == 0 && frd != nil {
		co.Notes = append(co.Notes, fmt.Sprintf("your FRD at %s builds the %s over two seasonal turns: paid when laid down this turn, it joins fleet %s "+
			"after movement next turn, and the FRD builds nothing else meanwhile (EaW 6.0)", frd.start, big.Class, b.Fleet))
	}
	v.pay(o, co.BPV, "EaW 6.0", fmt.Sprintf("these units cost %d BPV", co.BPV))
	if b.Fleet != "" {
		co.Notes = append(co.Notes, v.target(o, b, frd)...)
		v.fleetCap(o, b)
	}
	if b.MP == 0 {
		co.Notes = append(co.Notes, "mp 0: the new units move from next turn (EaW 6.0)")
		if frd != nil && !frd.towedAt.IsZero() {
			v.Add(o.Pos, "EaW 6.0", fmt.Sprintf("units built with mp 0 join their fleet after movement, at the FRD, but your FRD at %s moves away at %s",
				frd.start, frd.towedAt), fmt.Sprintf("build with mp: 1 (%s), or leave the FRD where it is this turn", points(v.costs.BuildCost)))
		}
	}
	return co
}

// builder picks the FRD a build order uses and books it for the turn
// (EaW 33.0 #3): the one at b.At, the player's only FRD, or, of several,
// the one where the fleet the units join stands. It returns nil when the
// player has no such FRD; the problem is reported.
func (v *validator) builder(o Order, b *Build) *frdPlan {
	frds := v.frdPlans()
	if len(frds) == 0 {
		v.Add(o.Pos, "EaW 15a", "you have no FRD, and units are built only at an FRD", v.noFRDHint())
		return nil
	}
	var cands []*frdPlan
	switch {
	case b.At != "":
		cands = frdsAt(frds, b.At)
		if len(cands) == 0 {
			v.Add(or(b.AtPos, o.Pos), "EaW 6.0", fmt.Sprintf("you have no FRD at %s, and units are built only at an FRD", b.At),
				"your FRDs stand at: "+list(frdSystems(frds)))
			return nil
		}
	case len(frds) == 1:
		cands = frds
	default:
		if f := v.fleet(b.Fleet); f != nil && f.known {
			cands = frdsAt(frds, f.at)
		}
		if len(cands) == 0 {
			v.Add(o.Pos, "EaW 6.0", "you have several FRDs, and this build does not say which one builds",
				fmt.Sprintf("add at: with the FRD's system, e.g. at: %s; your FRDs stand at: %s", frds[0].start, list(frdSystems(frds))))
			return nil
		}
	}
	return v.book(o, b, cands)
}

// book books the FRDs of cands, which stand in one system, that carry out
// a build order this turn: one, or two for frds: 2 (EaW 6.0); none that
// builds already (EaW 33.0 #3) or completes a big ship. It returns the
// first booked, or cands[0] with the problem reported.
func (v *validator) book(o Order, b *Build, cands []*frdPlan) *frdPlan {
	var free []*frdPlan
	for _, f := range cands {
		if f.builtAt.IsZero() && f.completing == nil {
			free = append(free, f)
		}
	}
	switch {
	case len(free) >= b.frds():
		for _, f := range free[:b.frds()] {
			f.builtAt, f.builtMP = o.Pos, b.MP
		}
		return free[0]
	case b.TwoFRDs && len(cands) < 2:
		v.Add(or(b.FRDsPos, o.Pos), "EaW 6.0", fmt.Sprintf("you have 1 FRD at %s; two FRDs in the same system build a %s in one turn", cands[0].start, b.bigName()),
			"build it at one FRD with mp: 0, over two seasonal turns")
	case slices.ContainsFunc(cands, func(f *frdPlan) bool { return f.completing != nil }) && !slices.ContainsFunc(cands, func(f *frdPlan) bool { return !f.builtAt.IsZero() }):
		c := cands[0].completing
		v.Add(o.Pos, "EaW 6.0", fmt.Sprintf("your FRD at %s completes the %s for fleet %s this turn and builds nothing else", c.At, c.Class, c.Fleet),
			"build there next turn, or at another FRD")
	default:
		busy := cands[slices.IndexFunc(cands, func(f *frdPlan) bool { return !f.builtAt.IsZero() })]
		msg := fmt.Sprintf("your FRD already builds at %s; an FRD builds once per turn", busy.builtAt)
		if len(v.frdPlans()) > 1 {
			msg = fmt.Sprintf("your FRD at %s already builds at %s; an FRD builds once per turn", busy.start, busy.builtAt)
		}
		v.Add(o.Pos, "EaW 33.0", msg, "put all the units into one build order")
	}
	return cands[0]
}

// frds is how many FRDs carry out the build: 2 with frds: 2, else 1.
func (b *Build) frds() int {
	if b.TwoFRDs {
		return 2
	}
	return 1
}

// bigName names the class of a build's first unit, for a big ship's
// problems.
func (b *Build) bigName() campaign.ClassName {
	if len(b.Units) == 0 {
		return "ship"
	}
	return b.Units[0]
}

// bigShip returns the class of the build's ship of more docking points
// than an FRD builds in a turn, or nil, and checks the build of one (EaW
// 6.0): it is built alone; by one FRD over two seasonal turns, with mp
// 0, or by two FRDs in one system in one turn (frds: 2); never one of
// more than two FRDs' docking points. frds: 2 is for such a ship only.
func (v *validator) bigShip(o Order, b *Build) *campaign.UnitClass {
	limit := v.st.Rules.Build.Docking
	var big *campaign.UnitClass
	for _, u := range b.Units {
		if c := v.st.Catalogue.Class(u); c != nil && limit > 0 && c.Docking > limit && big == nil {
			big = c
		}
	}
	switch {
	case big == nil && b.TwoFRDs:
		v.Add(or(b.FRDsPos, o.Pos), "EaW 6.0", fmt.Sprintf("frds: 2 is for a ship of more than %d docking points, which one FRD builds in one turn", limit),
			"leave frds: out")
	case big == nil:
	case len(b.Units) > 1:
		v.Add(o.Pos, "EaW 6.0", fmt.Sprintf("a %s of %d docking points is built alone", big.Class, big.Docking),
			"give the other units a build order of their own, at another FRD or next turn")
	case big.Docking > 2*limit:
		v.Add(o.Pos, "EaW 6.0", fmt.Sprintf("a %s of %d docking points is more than two FRDs build in one turn (%d)", big.Class, big.Docking, 2*limit),
			"build another class")
	case !b.TwoFRDs && b.MP == 1:
		v.Add(or(b.MPPos, o.Pos), "EaW 6.0", fmt.Sprintf("a %s of %d docking points takes your FRD two seasonal turns, and moves after them", big.Class, big.Docking),
			fmt.Sprintf("build it with mp: 0, or with frds: 2 at two FRDs in the same system, which build it in one turn (%s with mp: 1)", points(2*v.costs.BuildCost)))
	}
	return big
}

// units checks the classes and the docking points and returns the EBPV the
// units cost, with the similar-hull surcharge on the third and later ship
// of a class the player owns (EaW 17f), and notes on each surcharge.
func (v *validator) units(o Order, b *Build) (int, []string) {
	docking, ebpv := 0, 0
	owned := map[campaign.ClassName]int{}
	for _, f := range v.index.Navy(v.player) {
		for _, u := range f.Units {
			owned[u]++
		}
	}
	var notes []string
	for i, u := range b.Units {
		c := v.st.Catalogue.Class(u)
		if c == nil {
			var names []string
			for _, c := range v.st.Catalogue {
				names = append(names, string(c.Class))
			}
			v.Add(at(b.UnitsPos, i, o.Pos), "EaW 6.0", fmt.Sprintf("there is no unit class %q in the catalogue", u),
				v.NearestHint(string(u), names, "the classes"))
			continue
		}
		docking += c.Docking
		cost := c.EBPV
		if pct := v.st.Rules.HullSurcharge(c, owned[u]); pct > 0 {
			cost = c.EBPV * (100 + pct) / 100
			notes = append(notes, fmt.Sprintf("%s number %d costs %d%% more: %d BPV (EaW 17f)", u, owned[u]+1, pct, cost))
		}
		owned[u]++
		ebpv += cost
	}
	if limit := v.st.Rules.Build.Docking; docking > limit && !slices.ContainsFunc(b.Units, func(u campaign.ClassName) bool {
		c := v.st.Catalogue.Class(u)
		return c != nil && c.Docking > limit
	}) {
		v.Add(o.Pos, "EaW 6.0", fmt.Sprintf("these units take %d docking points, and an FRD builds at most %d per turn", docking, limit),
			"build fewer units now and the rest next turn")
	}
	return ebpv, notes
}

// fleetCap checks that the fleet the units join stays within the combat
// BPV caps of the campaign's period (EaW 17.0).
func (v *validator) fleetCap(o Order, b *Build) {
	capTotal, capBig := v.st.Rules.FleetCaps(v.st.Start, v.st.Date())
	// The fleet as the orders above leave it (contents), counted as
	// FleetLoad counts it: carried bases and prizes are left out.
	var f campaign.Fleet
	if have := v.contents(b.Fleet); have != nil {
		f.Join(*have)
	}
	f.Join(campaign.Fleet{Units: b.Units})
	total, big := v.st.FleetLoad(&f)
	switch {
	case capTotal > 0 && total > capTotal:
		v.Add(or(b.FleetPos, o.Pos), "EaW 17.0", fmt.Sprintf("fleet %s would have %d combat BPV, over the cap of %d in Y%d", b.Fleet, total, capTotal, v.st.Date().Year),
			"put some of the units into a new fleet")
	case capBig > 0 && big > capBig:
		v.Add(or(b.FleetPos, o.Pos), "EaW 17.0", fmt.Sprintf("fleet %s would have %d combat BPV of size class 2 and 3 ships, over the cap of %d in Y%d", b.Fleet, big, capBig, v.st.Date().Year),
			"put the big ships into another fleet")
	}
}

// target checks the fleet the units go into: the player's fleet at the FRD,
// or a new fleet, created there (EaW 6c). It returns notes for the reply.
// Units built with mp 1 join before movement, so they count for what the
// fleet does this turn (a free develop, a tow).
func (v *validator) target(o Order, b *Build, frd *frdPlan) []string {
	f := v.fleet(b.Fleet)
	if f != nil {
		if v.refuseTrapped(or(b.FleetPos, o.Pos), b.Fleet, "take new units") {
			return nil
		}
		if frd != nil && f.known && f.at != frd.start {
			hint := fmt.Sprintf("name a new fleet, which forms at %s", frd.start)
			if there := v.fleetsAt(frd.start); len(there) > 0 {
				hint = fmt.Sprintf("put the units into a fleet at %s (%s), or name a new fleet", frd.start, list(there))
			}
			v.Add(or(b.FleetPos, o.Pos), "EaW 6c", fmt.Sprintf("fleet %s will be at %s, not at your FRD at %s", b.Fleet, f.at, frd.start), hint)
		}
		if start := v.index.Fleet(v.player, b.Fleet); b.MP == 1 && frd != nil && start != nil &&
			f.at == frd.start && start.At != frd.start {
			v.Add(or(b.FleetPos, o.Pos), "EaW 6.0", fmt.Sprintf("units built with mp 1 join before movement, when fleet %s is still at %s, not at your FRD at %s",
				b.Fleet, start.At, frd.start), "build with mp: 0, and the units join it at the FRD after movement, or put them into a fleet that starts the turn at the FRD")
		}
		if b.MP == 0 && f.createdAt.IsZero() {
			f.reinforcedAt = o.Pos
		}
		return nil
	}
	if !fleetName.MatchString(string(b.Fleet)) {
		v.Add(or(b.FleetPos, o.Pos), "EaW 6c", fmt.Sprintf("%q cannot name a new fleet", b.Fleet),
			"name it with up to 32 letters, digits, '-' or '_', e.g. fleet: 7th")
	}
	f = &fleetPlan{createdAt: o.Pos, createdMP: b.MP}
	v.fleets[b.Fleet] = f
	v.created = append(v.created, b.Fleet)
	if frd == nil {
		return nil
	}
	f.at, f.known = frd.start, v.graph.Has(frd.start)
	return []string{fmt.Sprintf("new fleet %s forms at %s (EaW 6c)", b.Fleet, frd.start)}
}

// fleets names the order's fleet.
func (b *Build) fleets() []campaign.FleetID { return []campaign.FleetID{b.Fleet} }

// timing names the fleet of a build with mp 0: its units join after
// movement, so the fleet's services below the build wait until after the
// battles (EaW 6.0).
func (b *Build) timing(CostedOrder) (moves, serves []campaign.FleetID) {
	if b.MP == 0 {
		return []campaign.FleetID{b.Fleet}, nil
	}
	return nil, nil
}

// track adds the units to their fleet for the orders below, and to what
// it holds during movement when they join before it (mp 1).
func (b *Build) track(v *validator, _ CostedOrder, _ bool) {
	if b.MP == 0 {
		v.freeze(b.Fleet)
	}
	if b.Fleet == "" {
		return
	}
	if f := v.contents(b.Fleet); f != nil {
		f.Units = append(f.Units, b.Units...)
	}
	if f := v.services().moving[b.Fleet]; f != nil && b.MP == 1 {
		f.Units = append(f.Units, b.Units...)
	}
}

// step places units built with mp 1 before movement, and they may move
// this turn; units built with mp 0 join after movement and move next turn
// (EaW 6.0).
func (b *Build) step(bool) step {
	if b.MP == 1 {
		return stepBuildMoving
	}
	return stepBuildLate
}

// carryOut places the build's units at the FRD that builds them (EaW 6.0,
// 6c), paid from the treasury then, or tells the player why it could not:
// the FRD is lost (EaW 15a), the fleet is not there, is trapped
// (EaW 10h), or the treasury is short. A ship of more docking points
// than one FRD builds in a turn needs two FRDs there, or else is laid
// down, paid now, and completed next turn (EaW 6.0, completeBigShips).
func (b *Build) carryOut(t *turn, a act) {
	owner, id, cost := a.owner, b.Fleet, a.co.BPV
	audience := []campaign.PlayerID{owner}
	fail := func(rule, why string) {
		t.emit(game.Event{Kind: EventOrderFailed, Players: audience, Rule: rule,
			Text: fmt.Sprintf("Nothing was built for fleet %s and nothing was paid: %s.", id, why)})
	}
	site, ok := t.buildSite(owner, id, b.At)
	player := t.next.Player(owner)
	switch {
	case !ok:
		fail("EaW 15a", "you have no FRD to build it")
		return
	case t.next.FRDsAt(owner, site) == 0:
		fail("EaW 15a", fmt.Sprintf("you no longer have an FRD at %s", t.systemName(site)))
		return
	case t.next.FRDsAt(owner, site) < b.frds():
		fail("EaW 6.0", fmt.Sprintf("you no longer have two FRDs at %s", t.systemName(site)))
		return
	case player.Treasury < cost:
		fail("EaW 6.0", fmt.Sprintf("the treasury holds %d BPV and the units cost %d", player.Treasury, cost))
		return
	}
	f, why := t.buildTarget(owner, id, site)
	if why != "" {
		rule, text, _ := strings.Cut(why, ": ")
		fail(rule, text)
		return
	}
	player.Treasury -= cost
	if !b.TwoFRDs && t.bigShip(b.Units) {
		t.next.Construction = append(t.next.Construction, campaign.Construction{Owner: owner, At: site, Class: b.Units[0], Fleet: id, BPV: cost, Turn: t.prev.Turn})
		t.emit(game.Event{Kind: EventBuilt, Players: audience, At: site, Rule: "EaW 6.0",
			Text: fmt.Sprintf("Laid down a %s at %s for fleet %s for %d BPV: it joins the fleet after movement next turn (EaW 6.0).", b.Units[0], t.systemName(site), id, cost)})
		return
	}
	f = t.fleetAt(owner, id, site, f)
	f.Units = append(f.Units, b.Units...)
	t.emit(game.Event{Kind: EventBuilt, Players: audience, At: site, Rule: "EaW 6.0",
		Text: fmt.Sprintf("Built %s at %s into fleet %s for %d BPV.", campaign.UnitList(b.Units), t.systemName(site), id, cost)})
}

// buildTarget finds the fleet new units join at an FRD's site (EaW 6c):
// the player's fleet of that ID, nil for none yet, or why it takes none,
// "<rule>: <why>": it stands elsewhere, or is trapped (EaW 10h).
func (t *turn) buildTarget(owner campaign.PlayerID, id campaign.FleetID, site campaign.SystemID) (*campaign.Fleet, string) {
	f := t.next.Fleet(owner, id)
	switch {
	case f == nil:
		return nil, ""
	case f.At != site:
		return nil, fmt.Sprintf("EaW 6c: the fleet is at %s, not at the FRD at %s", t.systemName(f.At), t.systemName(site))
	case f.Trapped != 0:
		return nil, "EaW 10h: the fleet is trapped by an enemy fortification, and a trapped fleet takes no new units"
	}
	return f, ""
}

// fleetAt is f, or, when nil, a new fleet of the player's with that ID
// formed at site (EaW 6c).
func (t *turn) fleetAt(owner campaign.PlayerID, id campaign.FleetID, site campaign.SystemID, f *campaign.Fleet) *campaign.Fleet {
	if f != nil {
		return f
	}
	t.next.Fleets = append(t.next.Fleets, campaign.Fleet{Owner: owner, ID: id, At: site})
	return &t.next.Fleets[len(t.next.Fleets)-1]
}

// bigShip reports whether units are a ship of more docking points than
// one FRD builds in a turn (EaW 6.0).
func (t *turn) bigShip(units []campaign.ClassName) bool {
	limit := t.next.Rules.Build.Docking
	c := t.next.Catalogue.Class(units[0])
	return len(units) == 1 && c != nil && limit > 0 && c.Docking > limit
}

// completeBigShips completes, after movement, the ships FRDs laid down
// the turn before (EaW 6.0): each joins its fleet at the FRD, or forms it
// there. One whose FRD is lost, or whose fleet stands elsewhere or is
// trapped, is not completed, and its price goes back to the treasury
// (reading: nothing was built).
func (t *turn) completeBigShips() {
	var keep []campaign.Construction
	for _, c := range t.next.Construction {
		if c.Turn >= t.prev.Turn {
			keep = append(keep, c)
			continue
		}
		t.completeBigShip(c)
	}
	t.next.Construction = keep
}

// completeBigShip completes one ship laid down (completeBigShips).
func (t *turn) completeBigShip(c campaign.Construction) {
	audience := []campaign.PlayerID{c.Owner}
	player := t.next.Player(c.Owner)
	if player == nil {
		return
	}
	f, why := t.buildTarget(c.Owner, c.Fleet, c.At)
	if t.next.FRDsAt(c.Owner, c.At) == 0 {
		why = fmt.Sprintf("EaW 15a: you no longer have an FRD at %s", t.systemName(c.At))
	}
	if why != "" {
		rule, text, _ := strings.Cut(why, ": ")
		player.Treasury += c.BPV
		t.emit(game.Event{Kind: EventOrderFailed, Players: audience, At: c.At, Rule: rule,
			Text: fmt.Sprintf("The %s laid down at %s was not completed for fleet %s: %s; its %d BPV went back to the treasury.", c.Class, t.systemName(c.At), c.Fleet, text, c.BPV)})
		return
	}
	f = t.fleetAt(c.Owner, c.Fleet, c.At, f)
	f.Units = append(f.Units, c.Class)
	t.emit(game.Event{Kind: EventBuilt, Players: audience, At: c.At, Rule: "EaW 6.0",
		Text: fmt.Sprintf("The %s laid down at %s is complete and joins fleet %s (EaW 6.0).", c.Class, t.systemName(c.At), c.Fleet)})
}

// buildSite returns the system of the FRD a build order uses, as it stood
// when the turn began: the order's at:, the player's only FRD, or of
// several the one where the fleet the units join stands (EaW 6.0, 15a).
func (t *turn) buildSite(owner campaign.PlayerID, id campaign.FleetID, at campaign.SystemID) (campaign.SystemID, bool) {
	if at != "" {
		return at, true
	}
	var sites []campaign.SystemID
	for _, f := range t.prev.FRDs {
		if f.Owner == owner {
			sites = append(sites, f.At)
		}
	}
	switch {
	case len(sites) == 1:
		return sites[0], true
	case len(sites) == 0:
		return "", false
	}
	if f := t.next.Fleet(owner, id); f != nil && slices.Contains(sites, f.At) {
		return f.At, true
	}
	return "", false
}

// offer offers an FRD's block a build into the fleet it names, with at:
// when the player has several FRDs (EaW 6.0, 6c, 15a).
func (*Build) offer(t *orderTemplate, sp spot) []suggestion {
	if sp.place != atFRD || sp.into == "" {
		return nil
	}
	where := ""
	if len(t.v.FRDs) > 1 {
		where = ", at: " + yamlName(string(sp.frd))
	}
	return []suggestion{{fmt.Sprintf("- build: {units: [CLASS, CLASS], fleet: %s, mp: 1%s}", yamlName(sp.into), where),
		points(t.v.Rules.Budget.BuildCost) + "; paid from the treasury (EaW 6.0)"}}
}
