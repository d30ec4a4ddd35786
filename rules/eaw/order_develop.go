package eaw

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// Develop sets up a fortification, a mine or a colony at the planet where
// the fleet is (EaW 11.0, 12.0, 13.0).
type Develop struct {
	Fleet    campaign.FleetID
	What     campaign.DevelopmentKind // campaign.Mine, Colony or Fortification
	FleetPos orders.Pos
	WhatPos  orders.Pos
}

// Name returns "develop".
func (*Develop) Name() string { return "develop" }

// Example is a develop order as players write it, for hints.
func (*Develop) Example() string { return "- develop: {fleet: 2nd, what: mine}" }

// Fields are the keys a develop order may hold.
func (*Develop) Fields() []string { return []string{"fleet", "what"} }

func (*Develop) parse(p *parser, key, n *yaml.Node) Kind {
	f := p.orderFields(key, n)
	d := &Develop{}
	d.Fleet, d.FleetPos = requiredName[campaign.FleetID](p, f, key, "fleet", "fleet: 2nd")
	if e, ok := p.required(f, key, "what"); ok {
		d.WhatPos = orders.PosOf(e.Value)
		if s, ok := p.Name(e.Value, "what", "what: mine"); ok {
			kinds := []string{string(campaign.Mine), string(campaign.Colony), string(campaign.Fortification)}
			switch w := strings.ToLower(s); w {
			case string(campaign.Mine), string(campaign.Colony), string(campaign.Fortification):
				d.What = campaign.DevelopmentKind(w)
			default:
				hint := "what: mine (at a mineral planet, EaW 12.0), what: colony (at a life planet, EaW 13.0) or what: fortification (at any planet, EaW 11.0)"
				if n, ok := p.Suggest(s, kinds); ok {
					hint = fmt.Sprintf("did you mean %q? ", n) + hint
				}
				p.Add(orders.PosOf(e.Value), "", fmt.Sprintf("what must be mine, colony or fortification, not %q", s), hint)
			}
		}
	}
	return d
}

func (*Develop) schema(r *campaign.Rules) *schema {
	return closed("A develop order: set up a mine, a colony or a fortification (EaW 11.0, 12.0, 13.0).", []string{"develop"},
		prop{"develop", closed("Set up a mine, a colony or a fortification at the planet where the fleet ends its move, for "+
			orderPoints(r.Budget.DevelopCost)+" (EaW 5.0). The planet must be explored (EaW 16.0), and the fleet may not move after it "+
			"(EaW 11a, 12b, 13a).",
			[]string{"fleet", "what"},
			prop{"fleet", nameSchema("The fleet that develops, by the ID your report gives it, e.g. 2nd.")},
			prop{"what", &schema{
				Description: "mine at a mineral planet (EaW 12.0), colony at a life planet (EaW 13.0), fortification " +
					"at any planet (EaW 11.0); you may have one of each kind at a planet.",
				AnyOf: []*schema{
					{Enum: []any{"mine", "colony", "fortification"}},
					{Type: "string", Pattern: `^\s*([Mm][Ii][Nn][Ee]|[Cc][Oo][Ll][Oo][Nn][Yy]|[Ff][Oo][Rr][Tt][Ii][Ff][Ii][Cc][Aa][Tt][Ii][Oo][Nn])\s*$`,
						Description: "mine, colony or fortification in any case, e.g. Mine"},
				},
			}},
		)})
}

// YAML echoes the order as players write it.
func (d *Develop) YAML() string {
	return fmt.Sprintf("develop: {fleet: %s, what: %s}", d.Fleet, d.What)
}

// check checks a develop order: a fortification at any planet (EaW 11.0),
// a mine at a mineral planet (EaW 12.0), a colony at a life planet
// (EaW 13.0), once per fleet, where the player has none of that kind yet,
// and never at a planet not yet explored (EaW 33.0 #2). It is free with a
// minelayer, a large freighter or a small freighter in the fleet
// (EaW 11a, 12b, 13a). The fleet may not move afterwards.
func (d *Develop) check(v *validator, o Order) CostedOrder {
	co := CostedOrder{Order: o, Points: v.costs.DevelopCost}
	planet, rule := d.What.Needs()
	f := v.fleet(d.Fleet)
	if f == nil {
		v.noSuchFleet(or(d.FleetPos, o.Pos), rule, d.Fleet)
		return co
	}
	if v.refuseTrapped(o.Pos, d.Fleet, "develop") {
		return co
	}
	if !f.developedAt.IsZero() {
		v.Add(o.Pos, rule, fmt.Sprintf("fleet %s is already ordered to develop a %s at %s; a fleet develops once per turn",
			d.Fleet, f.developed, f.developedAt), "send another fleet, or drop one of the two orders")
		return co
	}
	f.developedAt, f.developed = o.Pos, d.What
	if role, free := freeDeveloper(d.What); free != "" && v.hasRole(v.unitsOf(d.Fleet), role) {
		co.Points = 0
		co.Notes = append(co.Notes, fmt.Sprintf("the %s is free: fleet %s has a %s (%s)", d.What, d.Fleet, strings.ReplaceAll(string(role), "-", " "), free))
	}
	if !f.known || d.What == "" {
		return co
	}
	sys := v.st.System(f.at)
	where := or(d.WhatPos, o.Pos)
	switch {
	case sys.Planet == campaign.Unknown:
		v.Add(where, "EaW 16.0", fmt.Sprintf("the planet at %s is unexplored; explore it first", f.at),
			fmt.Sprintf("end a move at %s and stay there this turn; develop it next turn", f.at))
		return co
	case planet != "" && sys.Planet != planet:
		v.Add(where, rule, fmt.Sprintf("a %s needs a %s planet, but fleet %s will be at %s, which has a %s planet",
			d.What, planet, d.Fleet, f.at, sys.Planet), v.otherDevelopment(sys.Planet, d.What))
		return co
	}
	if v.index.HasDevelopment(v.player, f.at, d.What) {
		v.Add(where, rule, fmt.Sprintf("you already have a %s at %s", d.What, f.at), "develop another planet")
		return co
	}
	for _, p := range v.planned {
		if p.at == f.at && p.kind == d.What {
			v.Add(where, rule, fmt.Sprintf("a %s at %s is already ordered at %s", d.What, f.at, p.pos), "drop one of the two orders")
			return co
		}
	}
	v.planned = append(v.planned, plannedDevelopment{at: f.at, kind: d.What, pos: o.Pos})
	return co
}

// otherDevelopment is the hint for a develop order at the wrong planet.
func (v *validator) otherDevelopment(have campaign.PlanetType, want campaign.DevelopmentKind) string {
	switch {
	case have == campaign.Life && want == campaign.Mine:
		return "develop a colony there instead (what: colony), or move to a mineral planet first"
	case have == campaign.Mineral && want == campaign.Colony:
		return "develop a mine there instead (what: mine), or move to a life planet first"
	case want == campaign.Mine:
		return "move the fleet to a mineral planet first"
	}
	return "move the fleet to a life planet first"
}

// freeDeveloper returns the role that develops this kind for no point, and
// the rule: a minelayer sets up a fortification (EaW 11a), a large
// freighter a mine (EaW 12b), a small freighter a colony (EaW 13a).
func freeDeveloper(k campaign.DevelopmentKind) (campaign.Role, string) {
	switch k {
	case campaign.Fortification:
		return campaign.RoleMinelayer, "EaW 11a"
	case campaign.Mine:
		return campaign.RoleLargeFreighter, "EaW 12b"
	case campaign.Colony:
		return campaign.RoleSmallFreighter, "EaW 13a"
	}
	return "", ""
}

// fleets names the order's fleet.
func (d *Develop) fleets() []campaign.FleetID { return []campaign.FleetID{d.Fleet} }

// timing is none: a development bears on no fleet service.
func (*Develop) timing(CostedOrder) (moves, serves []campaign.FleetID) { return nil, nil }

// track does nothing more: check has noted the development on the
// fleet's plan.
func (*Develop) track(*validator, CostedOrder, bool) {}

// step makes developments at post-combat (EaW 4b).
func (*Develop) step(bool) step { return stepDevelop }

// carryOut establishes the fortification, mine or colony, at post-combat
// (EaW 4b, 11.0, 12.0, 13.0), or tells the player why it could not be:
// the fleet is gone, was trapped (EaW 10h) or met hostile fleets
// (EaW 19a), enemy fleets stand there after the battles, or the planet
// holds a development of that kind already.
func (d *Develop) carryOut(t *turn, a act) {
	owner, id, kind := a.owner, d.Fleet, d.What
	audience := []campaign.PlayerID{owner}
	want, rule := kind.Needs()
	f := t.next.Fleet(owner, id)
	if f == nil || len(f.Units) == 0 {
		t.orderFailed(owner, "", rule, fmt.Sprintf("Fleet %s did not develop a %s: the fleet is gone.", id, kind))
		return
	}
	fail := func(why string) {
		t.emit(game.Event{Kind: EventOrderFailed, Players: audience, At: f.At, Rule: rule,
			Text: fmt.Sprintf("Fleet %s did not develop a %s (it stands at %s now): %s.", id, kind, t.systemName(f.At), why)})
	}
	sys := t.next.System(f.At)
	switch {
	case f.Trapped != 0:
		fail("it was trapped by an enemy fortification, and a trapped fleet does nothing but a siege roll (EaW 10h)")
		return
	case t.pinned[f.Key()]:
		fail("it met hostile fleets, and its orders were lost (EaW 19a)")
		return
	case t.hostileAt(f.At, owner):
		fail("enemy fleets stand there after the battles")
		return
	case want != "" && sys.Planet != want:
		fail(fmt.Sprintf("the planet is %s, and a %s needs a %s planet", sys.Planet, kind, want))
		return
	}
	for _, have := range t.next.DevelopmentsAt(f.At) {
		if (have.Kind == campaign.Fortification) == (kind == campaign.Fortification) {
			fail(fmt.Sprintf("the planet already holds a %s", have.Kind))
			return
		}
	}
	t.next.Developments = append(t.next.Developments, campaign.Development{At: f.At, Owner: owner, Kind: kind, Since: t.date})
	t.emit(game.Event{Kind: EventDeveloped, Players: audience, At: f.At, Rule: rule,
		Text: fmt.Sprintf("Fleet %s developed a %s at %s.", id, kind, t.systemName(f.At))})
}

// offer offers a free fleet a mine or colony (EaW 12.0, 13.0) and a
// fortification (EaW 11.0) where it stands, each where none was offered to
// another fleet. Each is free with the role that sets it up (EaW 11a, 12b,
// 13a); a fleet develops once per turn.
func (*Develop) offer(t *orderTemplate, sp spot) []suggestion {
	if sp.place != atFleet {
		return nil
	}
	f := sp.fleet
	var out []suggestion
	s := t.sys[f.At]
	if kind, rule := developFits(t.v, s, t.developed); kind != "" {
		t.developed[f.At] = true
		out = append(out, t.develop(f, kind, fmt.Sprintf("a %s at a %s planet; the fleet stays (%s)", kind, s.Planet, rule)))
	}
	if t.fortifies(s) {
		t.fortified[f.At] = true
		out = append(out, t.develop(f, campaign.Fortification, "it traps enemy fleets that enter (EaW 10a); the fleet stays (EaW 11.0)"))
	}
	return out
}

// develop writes a develop order at its cost: the campaign's develop
// cost, or none with the role that sets the development up for free.
func (t *orderTemplate) develop(f FleetView, kind campaign.DevelopmentKind, what string) suggestion {
	cost := points(t.v.Rules.Budget.DevelopCost) + ": " + what
	if role, rule := freeDeveloper(kind); slices.Contains(f.Roles, role) {
		cost = fmt.Sprintf("free: fleet %s has a %s (%s); %s", f.ID, strings.ReplaceAll(string(role), "-", " "), rule, what)
	}
	return suggestion{fmt.Sprintf("- develop: {fleet: %s, what: %s}", yamlName(string(f.ID)), kind), cost}
}

// fortifies reports whether a fortification could be set up at s, as far
// as the view knows: an explored planet (EaW 33.0 #2) where no
// fortification was seen (a planet holds one, EaW 11.0) and none was
// offered to another fleet.
func (t *orderTemplate) fortifies(s campaign.System) bool {
	switch s.Planet {
	case campaign.Life, campaign.Mineral, campaign.Dead:
	default:
		return false
	}
	if t.fortified[s.ID] || hasDevelopment(t.v, s.ID, campaign.Fortification) {
		return false
	}
	i := slices.IndexFunc(t.v.Systems, func(sv SystemView) bool { return sv.ID == s.ID })
	return i >= 0 && !t.v.Systems[i].Fortified
}

// developFits returns the development a fleet at s could set up, judged
// from what the view knows: a mine at a mineral planet (EaW 12.0), a colony
// at a life planet (EaW 13.0), where the player has none of that kind and
// no other fleet was offered it. It returns "" when none fits.
func developFits(v *View, s campaign.System, offered map[campaign.SystemID]bool) (campaign.DevelopmentKind, string) {
	var kind campaign.DevelopmentKind
	switch s.Planet {
	case campaign.Mineral:
		kind = campaign.Mine
	case campaign.Life:
		kind = campaign.Colony
	default:
		return "", ""
	}
	if offered[s.ID] || hasDevelopment(v, s.ID, kind) {
		return "", ""
	}
	_, rule := kind.Needs()
	return kind, rule
}
