package eaw

import (
	"fmt"
	"slices"
	"strconv"

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
	MP       int
	UnitsPos []orders.Pos
	FleetPos orders.Pos
	MPPos    orders.Pos
}

// Name returns "build".
func (*Build) Name() string { return "build" }

func (*Build) example() string  { return "- build: {units: [cruiser, frigate], fleet: 3rd, mp: 1}" }
func (*Build) fields() []string { return []string{"units", "fleet", "mp", "at"} }

// parse reads a build order; mp defaults to 1.
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
	if e, ok := f.Get("mp"); ok {
		b.MPPos = orders.PosOf(e.Value)
		if v, ok := p.Int(e.Value, "mp", "mp: 1"); ok {
			if v != 0 && v != 1 {
				p.Add(orders.PosOf(e.Value), "EaW 6.0", fmt.Sprintf("mp must be 0 or 1, not %d", v),
					"write mp: 1 (the units may move this turn, for a build's order points) or mp: 0 (free; they move next turn)")
			} else {
				b.MP = v
			}
		}
	}
	return b
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

func (b *Build) yaml() string {
	at := ""
	if b.At != "" {
		at = fmt.Sprintf(", at: %s", b.At)
	}
	return fmt.Sprintf("build: {units: [%s], fleet: %s, mp: %d%s}", join(b.Units), b.Fleet, b.MP, at)
}

// check checks a build order at one of the player's FRDs (EaW 6.0, 15a):
// one per FRD per turn (EaW 33.0 #3), known classes, at most
// Rules.Build.Docking docking points, paid from the treasury, into a fleet
// at the FRD or a new one (EaW 6c). With mp 1 it costs Rules.Budget.BuildCost
// points and the units may move this turn.
func (b *Build) check(v *validator, o Order) CostedOrder {
	co := CostedOrder{Order: o}
	if b.MP == 1 {
		co.Points = v.costs.BuildCost
	}
	frd := v.builder(o, b)
	var notes []string
	co.BPV, notes = v.units(o, b)
	co.Notes = append(co.Notes, notes...)
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
	for _, f := range cands {
		if f.builtAt.IsZero() {
			f.builtAt, f.builtMP = o.Pos, b.MP
			return f
		}
	}
	msg := fmt.Sprintf("your FRD already builds at %s; an FRD builds once per turn", cands[0].builtAt)
	if len(frds) > 1 {
		msg = fmt.Sprintf("your FRD at %s already builds at %s; an FRD builds once per turn", cands[0].start, cands[0].builtAt)
	}
	v.Add(o.Pos, "EaW 33.0", msg, "put all the units into one build order")
	return cands[0]
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
	if limit := v.st.Rules.Build.Docking; docking > limit {
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
// (EaW 10h), or the treasury is short.
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
	case player.Treasury < cost:
		fail("EaW 6.0", fmt.Sprintf("the treasury holds %d BPV and the units cost %d", player.Treasury, cost))
		return
	}
	f := t.next.Fleet(owner, id)
	switch {
	case f == nil:
		t.next.Fleets = append(t.next.Fleets, campaign.Fleet{Owner: owner, ID: id, At: site})
		f = &t.next.Fleets[len(t.next.Fleets)-1]
	case f.At != site:
		fail("EaW 6c", fmt.Sprintf("the fleet is at %s, not at the FRD at %s", t.systemName(f.At), t.systemName(site)))
		return
	case f.Trapped != 0:
		fail("EaW 10h", "the fleet is trapped by an enemy fortification, and a trapped fleet takes no new units")
		return
	}
	f.Units = append(f.Units, b.Units...)
	player.Treasury -= cost
	t.emit(game.Event{Kind: EventBuilt, Players: audience, At: site, Rule: "EaW 6.0",
		Text: fmt.Sprintf("Built %s at %s into fleet %s for %d BPV.", campaign.UnitList(b.Units), t.systemName(site), id, cost)})
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
