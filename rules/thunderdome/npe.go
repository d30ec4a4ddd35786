package thunderdome

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/battle"
	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Non-player empires (UTD5.2): found by exploration (UTD5.133), they
// never move, grow or earn (UTD5.24) and always defend (UTD7.4512). Their
// force is rebuilt for every battle from a budget (UTD5.25x) that only
// their losses lower; an attacker twice as strong takes them without a
// fight (UTD5.221, UTD5.2A1), and one who wins the battle conquers them
// (UTD5.2A2). docs/rules-thunderdome.md, "Non-player empires", has the
// readings.

// The numbers of UTD5.25x and UTD5.2A.
const (
	// NPEMinBaseline and NPEMaxBaseline clamp the attacker's BPV into the
	// NPE's baseline (UTD5.252).
	NPEMinBaseline = 250
	NPEMaxBaseline = 600
	// NPEFloor is the least an NPE fields, whatever its losses (UTD5.254).
	NPEFloor = 150
	// NPEReward is the BPV of the ships an Anschluss gives (UTD5.2A1) and
	// of the loot of a conquest (UTD5.2A2).
	NPEReward = 150
	// NPERewardShips is the most ships an Anschluss gives (UTD5.2A1).
	NPERewardShips = 2
)

// NPEEmpire is an empire a non-player empire may be (UTD5.21): the
// scenario's own name, and the classes its forces are built from. Hydran
// marks the empire that stands for the rules' Hydran: its sector's
// terrain becomes a gas giant (UTD5.21).
type NPEEmpire struct {
	Name    string               `json:"name"`
	Classes []campaign.ClassName `json:"classes"`
	Hydran  bool                 `json:"hydran,omitempty"`
}

// NPE is a non-player empire found in a sector (UTD5.2), until it is
// annexed or conquered.
type NPE struct {
	At     campaign.SystemID `json:"at"`
	Empire string            `json:"empire"`
	// Finder found it, in cycle Found (UTD5.133).
	Finder campaign.PlayerID `json:"finder"`
	Found  int               `json:"found"`
	// Losses are the BPV it lost in earlier battles, stacked (UTD5.253,
	// UTD5.2533), and Offset the BPV of the players' ships it captured
	// (UTD5.2534, UTD5.2822).
	Losses int `json:"losses,omitempty"`
	Offset int `json:"offset,omitempty"`
	// Surrender is the end the sides of a reported battle negotiated,
	// SurrenderAnschluss or SurrenderConquest, to Victor, while players
	// may object (UTD5.224, UTD5.26): meanwhile the NPE meets nobody.
	Surrender string            `json:"surrender,omitempty"`
	Victor    campaign.PlayerID `json:"victor,omitempty"`
	// Battle is the ID of the pending battle a volunteer plays it in
	// (UTD5.231).
	Battle string `json:"battle,omitempty"`
}

// NPEBudget is what an NPE fields against an attacking force of attacker
// BPV, given its losses and captured offset, and whether the attacker is
// strong enough for an automatic Anschluss (UTD5.221, UTD5.252–5.254):
// the baseline is the attacker's BPV within [250, 600]; net losses (less
// the offset) lower the 600 maximum, to no less than 150 fielded; an
// offset beyond the losses is padding, which never raises the 600 but
// adds to the strength an attacker must double.
func NPEBudget(attacker, losses, offset int) (budget int, anschluss bool) {
	net := losses - offset
	padding := max(0, -net)
	top := NPEMaxBaseline - max(0, net)
	budget = max(NPEFloor, min(min(max(attacker, NPEMinBaseline), NPEMaxBaseline), top))
	return budget, attacker >= 2*(max(NPEFloor, min(NPEMaxBaseline, top))+padding)
}

// npeAt returns the NPE in a sector, or nil.
func (x *Ext) npeAt(at campaign.SystemID) *NPE {
	for i := range x.NPEs {
		if x.NPEs[i].At == at {
			return &x.NPEs[i]
		}
	}
	return nil
}

// npeFights reports whether side p of a battle at a sector is the NPE
// there.
func (x *Ext) npeFights(at campaign.SystemID, p campaign.PlayerID) bool {
	n := x.npeAt(at)
	return n != nil && npeSide(n) == p
}

// dropNPE takes an annexed or conquered NPE off the map.
func (x *Ext) dropNPE(at campaign.SystemID) {
	x.NPEs = slices.DeleteFunc(x.NPEs, func(n NPE) bool { return n.At == at })
}

// npeEmpire returns the empire an NPE is; an empire the scenario no
// longer lists has no classes.
func (x *Ext) npeEmpire(name string) NPEEmpire {
	for _, e := range x.NPEEmpires {
		if e.Name == name {
			return e
		}
	}
	return NPEEmpire{Name: name}
}

// npeForce builds an NPE's force within a budget (UTD5.25, reading): its
// empire's classes, biggest economic BPV first (the scenario's order among
// equals), as many of each as fit in the budget and in a fleet of 5 MC
// (UTD5.2571, UTD7.23), and at most most units (0 for no limit).
func (x *Ext) npeForce(st *campaign.State, e NPEEmpire, budget, most int) []campaign.ClassName {
	classes := slices.Clone(e.Classes)
	slices.SortStableFunc(classes, func(a, b campaign.ClassName) int { return cmp.Compare(ebpv(st, b), ebpv(st, a)) })
	var out []campaign.ClassName
	spent := 0
	for _, c := range classes {
		cost := ebpv(st, c)
		for cost > 0 && spent+cost <= budget && (most == 0 || len(out) < most) && x.unitsMC(append(slices.Clone(out), c)) <= MaxMC*mcUnit {
			out = append(out, c)
			spent += cost
		}
	}
	return out
}

// ebpv is a class's economic BPV, 0 for a class not in the catalogue.
func ebpv(st *campaign.State, c campaign.ClassName) int {
	if u := st.Catalogue.Class(c); u != nil {
		return u.EBPV
	}
	return 0
}

// unitsEBPV is the economic BPV of units: what they cost to build
// (UTD1.2), and the BPV of an attacking force (UTD5.252, reading §11).
func unitsEBPV(st *campaign.State, units []campaign.ClassName) int {
	n := 0
	for _, u := range units {
		n += ebpv(st, u)
	}
	return n
}

// npeLoss is what one NPE unit's fate in a battle costs its maximum
// baseline (UTD5.2531): all its BPV destroyed or captured (UTD5.25311),
// half crippled (UTD5.25312), a tenth damaged (UTD5.25313); crippled and
// damaged are judged after it repairs twice its damage-control rating in
// structure (reading: pbemd's damage counts structure).
func npeLoss(st *campaign.State, c campaign.ClassName, fate battle.Fate, structure int) int {
	u := st.Catalogue.Class(c)
	if u == nil {
		return 0
	}
	switch fate {
	case battle.FateDestroyed, battle.FateCaptured:
		return u.EBPV
	}
	left := max(0, structure-2*u.Damcon)
	switch full := u.BattleStats().Structure; {
	case left == 0:
		return 0
	case 2*(full-left) <= full:
		return u.EBPV / 2
	}
	return u.EBPV / 10
}

// findNPE rolls the NPE check of an explored life or mineral sector
// (UTD5.133): 1–2 on 1D6 finds one, and 1D<n> on the scenario's empires
// says which (UTD5.1331, UTD5.21). It returns what the rolls say.
func (t *turn) findNPE(s *Sector, purpose string) string {
	d := dice(t.st.Seed, t.st.Turn, purpose+" npe", 1, 6)[0]
	if d > 2 || len(t.x.NPEEmpires) == 0 {
		return fmt.Sprintf("; the NPE roll %d finds none (UTD5.133)", d)
	}
	e := dice(t.st.Seed, t.st.Turn, purpose+" npe empire", 1, len(t.x.NPEEmpires))[0]
	name := t.x.NPEEmpires[e-1].Name
	t.x.NPEs = append(t.x.NPEs, NPE{At: s.ID, Empire: name, Finder: t.player, Found: t.x.Cycle})
	return fmt.Sprintf("; the NPE roll %d finds a non-player empire there, and the empire roll %d of %d says it is the %s (UTD5.133, UTD5.21)",
		d, e, len(t.x.NPEEmpires), name)
}

// npeBattles meets, at step 8, every NPE in a sector where the current
// player's fleets are (UTD2.3 s8, UTD7.4512): the NPE defends, and the
// player's fleet that fights there attacks.
func (t *turn) npeBattles() {
	var sites []campaign.SystemID
	for _, n := range t.x.NPEs {
		if n.Surrender == "" && t.fighter(t.player, n.At) != nil {
			sites = append(sites, n.At)
		}
	}
	for _, at := range sites {
		t.meetNPE(at)
	}
}

// meetNPE settles a player's meeting with an NPE: an automatic Anschluss
// when the attacker is strong enough (UTD5.221), else a battle against the
// force the budget buys, the NPE defending (UTD5.25, UTD7.4512): fought by
// pbemd, or with battles: reported by the players, once a volunteer comes
// forward to play the NPE (callVolunteer).
func (t *turn) meetNPE(at campaign.SystemID) {
	n := t.x.npeAt(at)
	f := t.fighter(t.player, at)
	bpv := unitsEBPV(t.st, f.Units)
	budget, anschluss := NPEBudget(bpv, n.Losses, n.Offset)
	if anschluss {
		t.emit(EventBattle, at, "UTD5.221", "%s's fleet %s (%d BPV) is at least twice the strength of the %s at %s (%s): no battle is fought (UTD5.221).",
			t.player, f.ID, bpv, n.Empire, at, npeStrength(n))
		t.anschluss(at, t.player, f)
		return
	}
	force := t.x.npeForce(t.st, t.x.npeEmpire(n.Empire), budget, 0)
	if t.st.Rules.Battles == campaign.BattlesReported && len(force) > 0 {
		t.callVolunteer(n, budget)
		return
	}
	if len(force) == 0 {
		t.emit(EventBattle, at, "UTD5.25", "The %s at %s has no class it can field within %d BPV and 5 MC (UTD5.25).", n.Empire, at, budget)
		t.conquer(at, t.player)
		return
	}
	t.emit(EventBattle, at, "UTD5.25", "The %s at %s fields %d BPV against %s's %d BPV (UTD5.252–5.254: %s): %s (UTD5.2571).",
		n.Empire, at, budget, t.player, bpv, npeStrength(n), campaign.UnitList(force))
	t.fightNPE(n, force)
}

// npeStrength says what an NPE's losses and offset are (UTD5.253,
// UTD5.2534).
func npeStrength(n *NPE) string {
	return fmt.Sprintf("losses %d BPV, captured offset %d BPV", n.Losses, n.Offset)
}

// npeSide is the name an NPE fights under in a battle fought by pbemd:
// the name of its empire.
func npeSide(n *NPE) campaign.PlayerID { return campaign.PlayerID(n.Empire) }

// npeFleet is the ID of the fleet an NPE fields.
const npeFleet campaign.FleetID = "npe"

// fightNPE fights an NPE's force at its sector with the built-in engine,
// as any battle (fight): the force stands in as a fleet of the NPE for the
// battle only. What its units suffer adds to its losses (UTD5.2531); its
// survivors are overhauled at once, as it is rebuilt for every battle
// (UTD5.27). If the attacker holds the field, the NPE is conquered
// (UTD5.2A2).
func (t *turn) fightNPE(n *NPE, force []campaign.ClassName) {
	at, side := n.At, npeSide(n)
	t.st.Fleets = append(t.st.Fleets, campaign.Fleet{Owner: side, ID: npeFleet, At: at, Units: force})
	// Entered last of all, it is the side that defends (UTD7.4512).
	t.x.fleet(side, npeFleet).Entered = t.st.Turn + 1
	t.fight(at)
	// The destroyed units left the fleet (fight); the others carry their
	// damage.
	lost := unitsEBPV(t.st, force)
	if f := t.st.Fleet(side, npeFleet); f != nil {
		lost -= unitsEBPV(t.st, f.Units)
		for _, d := range f.Damage {
			lost += npeLoss(t.st, f.Units[d.Unit], "", d.Structure)
		}
	}
	t.st.Fleets = slices.DeleteFunc(t.st.Fleets, func(f campaign.Fleet) bool { return f.Owner == side })
	n.Losses += lost
	if t.fighter(t.player, at) != nil {
		t.conquer(at, t.player)
		return
	}
	t.npeHolds(n)
}

// npeHolds tells that an NPE held its sector: its losses stay for its
// next budget (UTD5.253) and its survivors are overhauled (UTD5.27).
func (t *turn) npeHolds(n *NPE) {
	t.emit(EventBattle, n.At, "UTD5.27", "The %s at %s holds: its losses come to %d BPV in all (UTD5.253), and its survivors are overhauled (UTD5.27).",
		n.Empire, n.At, n.Losses)
}

// anschluss gives player p the NPE at a sector without a fight
// (UTD5.2A1): a developed colony in a life sector or mine in a mineral
// one, the sector, and ships of the NPE worth up to 150 BPV, one or two,
// captured ships organized as any prize, p's fleet f (if not nil) the
// capturing fleet (UTD6.3I, captured.go; inspected per UTD6.377).
func (t *turn) anschluss(at campaign.SystemID, p campaign.PlayerID, f *campaign.Fleet) {
	n := t.x.npeAt(at)
	kind := developmentOf(t.x.sector(at).Type)
	t.st.Developments = append(t.st.Developments, campaign.Development{At: at, Owner: p, Kind: kind, Since: t.st.Date()})
	t.x.sector(at).Owner = p
	ships := t.x.npeForce(t.st, t.x.npeEmpire(n.Empire), NPEReward, NPERewardShips)
	gained := campaign.UnitList(ships)
	if len(ships) == 0 {
		gained = "no ship: the empire has none within 150 BPV"
	}
	t.emit(EventCapture, at, "UTD5.2A1", "Anschluss: the %s at %s joins %s, who gains a developed %s and the sector, and %s (UTD5.2A1).",
		n.Empire, at, p, kind, gained)
	from := "the " + n.Empire
	t.x.dropNPE(at)
	var fleet campaign.FleetID
	if f != nil {
		fleet = f.ID
	}
	for _, u := range ships {
		t.organize(prize{ship: shipTaken(u), from: from, captor: p, fleet: fleet, at: at, rule: "Anschluss, UTD5.2A1"})
	}
}

// conquer gives p, holding an NPE's sector after a battle, its conquest
// (UTD5.2A2): 150 BPV of loot, and its colony or mine captured by a troop
// ship of theirs there, else destroyed.
func (t *turn) conquer(at campaign.SystemID, p campaign.PlayerID) {
	n := t.x.npeAt(at)
	t.credit(p, whole(NPEReward))
	kind := developmentOf(t.x.sector(at).Type)
	fate := "destroyed: it must be built again (UTD5.2A2)"
	if t.hasCommando(p, at) {
		t.st.Developments = append(t.st.Developments, campaign.Development{At: at, Owner: p, Kind: kind, Since: t.st.Date()})
		fate = "captured by the troop ship (UTD5.2A2, UTD4.332)"
	}
	t.emit(EventCapture, at, "UTD5.2A2", "%s conquers the %s at %s: %d BPV of loot, and its %s is %s.", p, n.Empire, at, NPEReward, kind, fate)
	t.x.dropNPE(at)
}

// developmentOf is the development an NPE holds in a sector of a type:
// a colony in a life sector, a mine in a mineral one (UTD5.2A1).
func developmentOf(t SectorType) campaign.DevelopmentKind {
	if t.IsLife() {
		return campaign.Colony
	}
	return campaign.Mine
}

// readNPEs reads npes:, the empires an NPE may be (UTD5.21), in the order
// of the empire roll: a list of {name, classes, hydran}. Without it, one empire,
// "Independent Worlds", builds from every class of the catalogue that
// can attack.
func readNPEs(c *orders.Collector, n *yaml.Node, cat campaign.Catalogue, players []campaign.PlayerID) []NPEEmpire {
	if n == nil {
		e := NPEEmpire{Name: "Independent Worlds"}
		for _, u := range cat {
			if u.BattleStats().Attack > 0 {
				e.Classes = append(e.Classes, u.Class)
			}
		}
		return []NPEEmpire{e}
	}
	items, ok := c.List(n, "npes", "npes: [{name: Varn Reach, classes: [cruiser, frigate]}]")
	if !ok {
		return nil
	}
	if len(items) == 0 {
		c.Addf(n, "npes lists no empire; leave npes: out for the default empire, or turn the NPE check off with house: {npe: false}")
	}
	var out []NPEEmpire
	for _, item := range items {
		f, ok := c.Mapping(item, "an NPE empire", "name", "classes", "hydran")
		if !ok {
			continue
		}
		name, _ := c.Text(c.Need(f, "name", "Varn Reach"), "name")
		switch {
		case strings.TrimSpace(name) == "":
			continue
		case slices.Contains(players, campaign.PlayerID(name)) || slices.ContainsFunc(out, func(e NPEEmpire) bool { return e.Name == name }):
			c.Addf(f.Value("name"), "npes names %s twice, or as a player too; give each NPE empire a name of its own", orders.Quote(name))
			continue
		}
		e := NPEEmpire{Name: name}
		if h := f.Value("hydran"); h != nil {
			e.Hydran, _ = c.Bool(h, "hydran")
		}
		classes, at, _ := c.Names(c.Need(f, "classes", "[cruiser, frigate]"), "classes", "classes: [cruiser, frigate]")
		for i, cl := range classes {
			if cat.Class(campaign.ClassName(cl)) == nil {
				c.Add(at[i], "", fmt.Sprintf("npes: %s builds from class %s, which is not in units", name, orders.Quote(cl)), "name a class of units:")
				continue
			}
			e.Classes = append(e.Classes, campaign.ClassName(cl))
		}
		out = append(out, e)
	}
	return out
}
