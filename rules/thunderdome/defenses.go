package thunderdome

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// Defenses (UTD7.3), and the units that hold a sector with them in
// battle: the capital and its repair freighter, and the shipyards
// (UTD4.3231, UTD4.3237, UTD4.3372, UTD7.4235).

// DefenseKind is what a defense class is (UTD7.34x): a scenario's
// classes: gives it as defense:. The capital and shipyards are no
// defenses one buys, but they fight by the stats of a class of kind
// capital or yard.
type DefenseKind string

// The defense kinds.
const (
	// KindMonitor is a monitor: one a sector (UTD7.341).
	KindMonitor DefenseKind = "monitor"
	// KindSatellite is a defense satellite: five a sector (UTD7.342).
	KindSatellite DefenseKind = "satellite"
	// KindWeaponBase is a small ground weapon base, and KindHeavyBase the
	// heavy kind (GBDP-IV): six in all a sector, three of them heavy
	// (UTD7.343).
	KindWeaponBase DefenseKind = "weapon-base"
	KindHeavyBase  DefenseKind = "heavy-base"
	// KindBase is a small ground base without weapons: six a sector
	// (UTD7.344).
	KindBase DefenseKind = "base"
	// KindFreighter is a supporting repair freighter: one at a home or a
	// colony (UTD7.345, UTD4.3373). A class with a repair role is one too.
	KindFreighter DefenseKind = "freighter"
	// KindCapital gives the capital's stats in battle (UTD4.3231), and
	// KindYard a shipyard's, by its size class (UTD4.3372).
	KindCapital DefenseKind = "capital"
	KindYard    DefenseKind = "yard"
)

// defenseKinds lists the kinds a scenario may give, the ones
// revise_defenses builds first.
var defenseKinds = []DefenseKind{KindMonitor, KindSatellite, KindWeaponBase, KindHeavyBase, KindBase, KindFreighter, KindCapital, KindYard}

// buildable reports whether revise_defenses builds units of a kind: the
// capital and shipyards are bought otherwise (UTD6.3A, UTD4.3235).
func (k DefenseKind) buildable() bool { return k != "" && k != KindCapital && k != KindYard }

// defenseLimit is one limit of UTD7.34x on the defenses of a sector.
type defenseLimit struct {
	kinds []DefenseKind
	max   int
	rule  string
	what  string
}

// defenseLimits are the limits of UTD7.34x, each checked on its own.
var defenseLimits = []defenseLimit{
	{[]DefenseKind{KindMonitor}, 1, "UTD7.341", "monitor"},
	{[]DefenseKind{KindSatellite}, 5, "UTD7.342", "defense satellites"},
	{[]DefenseKind{KindWeaponBase, KindHeavyBase}, 6, "UTD7.343", "ground weapon bases"},
	{[]DefenseKind{KindHeavyBase}, 3, "UTD7.343", "heavy ground weapon bases"},
	{[]DefenseKind{KindBase}, 6, "UTD7.344", "ground bases without weapons"},
	{[]DefenseKind{KindFreighter}, 1, "UTD7.345", "supporting repair freighter"},
}

// battleMC is the move cost a defense of a kind adds to the defender's
// battle fleet, in thirtieths (UTD7.4235: monitor 1/2, DefSat and small
// ground base 1/5); repair freighters, shipyards and the capital join
// free (UTD7.4235, UTD4.3234, UTD4.3237).
func (k DefenseKind) battleMC() int {
	switch k {
	case KindMonitor:
		return mcUnit / 2
	case KindSatellite, KindWeaponBase, KindHeavyBase, KindBase:
		return mcUnit / 5
	}
	return 0
}

// readDefense reads a class's defense: kind; nil gives none.
func readDefense(c *orders.Collector, n *yaml.Node) DefenseKind {
	if n == nil {
		return ""
	}
	s, ok := c.Text(n, "defense")
	if !ok {
		return ""
	}
	if !slices.Contains(defenseKinds, DefenseKind(s)) {
		c.Addf(n, "defense %s: write one of %s", orders.Quote(s), strings.Join(names(defenseKinds), ", "))
		return ""
	}
	return DefenseKind(s)
}

// defenseKind is the kind of a class: its defense:, else freighter for a
// repair freighter, else none.
func (x *Ext) defenseKind(cat campaign.Catalogue, class campaign.ClassName) DefenseKind {
	if k := x.class(class).Defense; k != "" {
		return k
	}
	if u := cat.Class(class); u != nil && (u.Has(campaign.RoleLargeRepair) || u.Has(campaign.RoleSmallRepair)) {
		return KindFreighter
	}
	return ""
}

// isDefense reports whether a class is a defense rather than a ship: a
// base (campaign.UnitClass.IsBase) or a class with a defense: other than
// a repair freighter, which a fleet may carry as a ship. A defense
// captured is destroyed instead (UTD7.48, UTD4.3231).
func (t *turn) isDefense(class campaign.ClassName) bool {
	if c := t.st.Catalogue.Class(class); c != nil && c.IsBase() {
		return true
	}
	k := t.x.defenseKind(t.st.Catalogue, class)
	return k != "" && k != KindFreighter
}

// classOfKind is the first class of a kind in the scenario's order, and
// for a yard the first of the size class if there is one; "" for none.
func (x *Ext) classOfKind(cat campaign.Catalogue, kind DefenseKind, size int) campaign.ClassName {
	var first campaign.ClassName
	for _, d := range x.Classes {
		if d.Defense != kind {
			continue
		}
		if u := cat.Class(d.Class); size == 0 || u != nil && u.Size == size {
			return d.Class
		}
		if first == "" {
			first = d.Class
		}
	}
	return first
}

// overLimit is the first limit of UTD7.34x that defenses of the kinds
// given would pass in one sector, and how many of its kinds they hold;
// nil when they keep to every limit.
func overLimit(kinds []DefenseKind) (*defenseLimit, int) {
	for i, l := range defenseLimits {
		n := 0
		for _, k := range kinds {
			if slices.Contains(l.kinds, k) {
				n++
			}
		}
		if n > l.max {
			return &defenseLimits[i], n
		}
	}
	return nil, 0
}

// defenseClasses lists the classes of a player's defenses at a sector,
// arrived or not, but for the capital's freighter (§11 #53), leaving out
// the ones at skip.
func (x *Ext) defenseClasses(p campaign.PlayerID, at campaign.SystemID, skip []int) []campaign.ClassName {
	var out []campaign.ClassName
	for i, d := range x.Defenses {
		if d.Owner == p && d.At == at && !d.Capital && !slices.Contains(skip, i) {
			out = append(out, d.Class)
		}
	}
	return out
}

// defenseKindsAt lists the kinds of the defenses defenseClasses lists.
func (x *Ext) defenseKindsAt(cat campaign.Catalogue, p campaign.PlayerID, at campaign.SystemID, skip []int) []DefenseKind {
	var out []DefenseKind
	for _, cls := range x.defenseClasses(p, at, skip) {
		out = append(out, x.defenseKind(cat, cls))
	}
	return out
}

// setupDefenses gives a player's home the capital's yard, with the
// scenario's works boxes for it (yards:, UTD6.3724), its large repair
// freighter (UTD8.131, UTD8.133) and its defenses (UTD8.134): a monitor,
// three heavy ground weapon bases and three defense satellites, free
// (§11 #54), of the scenario's first classes of those kinds. A kind the
// scenario lacks is left out.
func setupDefenses(st *campaign.State, x *Ext, p campaign.PlayerID, home campaign.SystemID) {
	if x.capitalYard(p) == nil {
		x.Yards = append(x.Yards, Yard{At: home, Owner: p, Capital: true, Size: 2, Boxes: x.yardSize(YardCapital).Boxes})
	}
	for _, u := range st.Catalogue {
		if u.Has(campaign.RoleLargeRepair) {
			x.Defenses = append(x.Defenses, Defense{At: home, Owner: p, Class: u.Class, Capital: true})
			break
		}
	}
	for _, k := range []struct {
		kind DefenseKind
		n    int
	}{{KindMonitor, 1}, {KindHeavyBase, 3}, {KindSatellite, 3}} {
		if c := x.classOfKind(st.Catalogue, k.kind, 0); c != "" {
			for range k.n {
				x.Defenses = append(x.Defenses, Defense{At: home, Owner: p, Class: c})
			}
		}
	}
}

// capitalYard is the player's capital yard, built or on order, or nil.
func (x *Ext) capitalYard(p campaign.PlayerID) *Yard {
	for i := range x.Yards {
		if y := &x.Yards[i]; y.Owner == p && y.Capital {
			return y
		}
	}
	return nil
}

// arrive brings in, at step 10 (UTD6.3A), the defenses ordered this turn.
// A replacement capital ordered this turn opens with the construction
// (receiveYard).
func (t *turn) arrive() {
	for i := range t.x.Defenses {
		if d := &t.x.Defenses[i]; d.Waiting {
			d.Waiting = false
			t.emit(EventArrive, d.At, "UTD6.3A", "%s's new %s arrived at %s (UTD6.3A, UTD2.3 step 10).", d.Owner, d.Class, d.At)
		}
	}
}

// EventArrive is a unit bought this turn arriving at step 10.
const EventArrive game.EventKind = "arrive"

// post is a unit that holds a sector rather than moving in a fleet, and
// joins its owner's battle fleet there: the capital, a shipyard, a
// defense unit (UTD7.4233, UTD7.4235, UTD4.3231, UTD4.3372).
type post struct {
	owner campaign.PlayerID
	// name is the unit as the battle names it: its class, or its kind
	// when the scenario has no class for it.
	name campaign.ClassName
	// stats says whether name is a class with stats the engine fights by.
	stats bool
	// capital marks the capital; yard and def index x.Yards and
	// x.Defenses, or are -1.
	capital bool
	yard    int
	def     int
	// mc is what it adds to the battle fleet's move cost (UTD7.4235).
	mc int
}

// posts lists a player's units that hold a sector, in the order they
// join a battle there: the capital, the other shipyards, the defenses in
// the order they arrived. Defenses not arrived yet (UTD6.3A), yards
// still on order (UTD6.382, yardOrder) and a replacement capital not
// received yet are not there yet.
func (t *turn) posts(p campaign.PlayerID, at campaign.SystemID) []post {
	var out []post
	add := func(k DefenseKind, size int, pt post) {
		pt.name = t.x.classOfKind(t.st.Catalogue, k, size)
		pt.stats = pt.name != ""
		if !pt.stats {
			pt.name = campaign.ClassName(k)
		}
		out = append(out, pt)
	}
	if e := t.x.empire(p); e != nil && e.Capital == at {
		y := slices.IndexFunc(t.x.Yards, func(o Yard) bool { return o.Owner == p && o.Capital })
		add(KindCapital, 0, post{owner: p, capital: true, yard: y, def: -1})
	}
	for i, y := range t.x.Yards {
		if y.Owner == p && y.At == at && !y.Capital && t.x.yardOrder(&t.x.Yards[i]) == nil {
			add(KindYard, y.Size, post{owner: p, yard: i, def: -1})
		}
	}
	for i, d := range t.x.Defenses {
		if d.Owner != p || d.At != at || d.Waiting {
			continue
		}
		k := t.x.defenseKind(t.st.Catalogue, d.Class)
		out = append(out, post{owner: p, name: d.Class, stats: t.st.Catalogue.Class(d.Class) != nil, yard: -1, def: i, mc: k.battleMC()})
	}
	return out
}

// hasPosts reports whether a player holds a sector with any unit of
// posts.
func (t *turn) hasPosts(p campaign.PlayerID, at campaign.SystemID) bool {
	return len(t.posts(p, at)) > 0
}

// postOwners lists the players with units holding a sector, in the state's
// player order.
func (t *turn) postOwners(at campaign.SystemID) []campaign.PlayerID {
	var out []campaign.PlayerID
	for _, pl := range t.st.Players {
		if pl.Active() && t.hasPosts(pl.ID, at) {
			out = append(out, pl.ID)
		}
	}
	return out
}

// force is what a player fights a battle at a sector with beside the
// fleet chosen (UTD7.4233): the fleet as it is, since the player chose
// it (UTD7.4232), then the capital, the shipyards and the repair
// freighters, which join free (UTD7.4235), then the other defenses, in
// the order they arrived, as long as the battle fleet stays within 5 MC
// (UTD7.23, UTD7.4235). The defenses that do not fit are held out
// (UTD7.4234).
func (t *turn) force(p campaign.PlayerID, at campaign.SystemID, fleet []campaign.ClassName) (in, out []post) {
	mc := 0
	if len(fleet) > 0 {
		mc = t.x.unitsMC(fleet)
	}
	for _, pt := range t.posts(p, at) {
		if pt.mc > 0 && mc+pt.mc > MaxMC*mcUnit {
			out = append(out, pt)
			continue
		}
		mc += pt.mc
		in = append(in, pt)
	}
	return in, out
}

// postNames lists posts' names.
func postNames(ps []post) []campaign.ClassName {
	out := make([]campaign.ClassName, len(ps))
	for i, pt := range ps {
		out[i] = pt.name
	}
	return out
}

// postDamage is the damage a post carries into a battle, with the
// structure of its class: a defense carries it as a ship does; a
// shipyard's is its works boxes destroyed, as the same share of its
// structure (rounded half up, UTD6.3724).
func (t *turn) postDamage(pt post, structure int) campaign.UnitDamage {
	switch {
	case pt.def >= 0 && t.x.Defenses[pt.def].Damage != nil:
		return *t.x.Defenses[pt.def].Damage
	case pt.yard >= 0 && t.x.Yards[pt.yard].Boxes > 0:
		y := t.x.Yards[pt.yard]
		return campaign.UnitDamage{Structure: (2*y.Destroyed*structure + y.Boxes) / (2 * y.Boxes)}
	}
	return campaign.UnitDamage{}
}

// setPostDamage records what a post has lost in a battle pbemd fought:
// a defense keeps it as a ship does; a shipyard loses the same share of
// its works boxes as of its structure, rounded half up (UTD6.3724), at
// most all but one, as it still stands. structure is its class's.
func (t *turn) setPostDamage(pt post, d campaign.UnitDamage, structure int) {
	switch {
	case pt.def >= 0:
		def := &t.x.Defenses[pt.def]
		def.Damage = nil
		if d != (campaign.UnitDamage{}) {
			def.Damage = &d
		}
	case pt.yard >= 0 && structure > 0:
		y := &t.x.Yards[pt.yard]
		y.Destroyed = min((2*d.Structure*y.Boxes+structure)/(2*structure), y.Boxes-1)
	}
}

// razePosts destroys posts at a sector (UTD7.48, UTD7.42342), each once
// however often ps names it: defenses and shipyards leave the state, a
// capital is lost with its bank (loseCapital). It returns what it says
// of them.
func (t *turn) razePosts(at campaign.SystemID, ps []post) []string {
	var defs, yards []int
	var capitals []campaign.PlayerID
	var said []string
	for _, pt := range ps {
		switch {
		case pt.capital:
			if !slices.Contains(capitals, pt.owner) {
				capitals = append(capitals, pt.owner)
			}
		case pt.yard >= 0 && !slices.Contains(yards, pt.yard):
			yards = append(yards, pt.yard)
			said = append(said, fmt.Sprintf("%s's shipyard destroyed", pt.owner))
		case pt.def >= 0 && !slices.Contains(defs, pt.def):
			defs = append(defs, pt.def)
			said = append(said, fmt.Sprintf("%s's %s destroyed", pt.owner, pt.name))
		}
	}
	t.x.Defenses = dropAt(t.x.Defenses, defs)
	t.x.Yards = dropAt(t.x.Yards, yards)
	for _, p := range capitals {
		said = append(said, t.loseCapital(p, at))
	}
	return said
}

// dropAt removes the elements at idx.
func dropAt[T any](s []T, idx []int) []T {
	out := s[:0:0]
	for i, v := range s {
		if !slices.Contains(idx, i) {
			out = append(out, v)
		}
	}
	return out
}

// loseCapital destroys a player's capital (UTD4.3231) and the bank in it,
// with what it held (UTD4.3236): from now on income is spent the turn it
// comes or lost, until a replacement capital (UTD4.3235). The capital's
// yard goes with it; its repair freighter, if it survived, stays where it
// is, no longer the capital's (reading). It says what happened.
func (t *turn) loseCapital(p campaign.PlayerID, at campaign.SystemID) string {
	e := t.x.empire(p)
	bank := t.x.bank(t.st, p)
	t.x.setBank(t.st, p, 0)
	e.Capital = ""
	t.x.Yards = slices.DeleteFunc(t.x.Yards, func(y Yard) bool { return y.Owner == p && y.Capital })
	for i := range t.x.Defenses {
		if d := &t.x.Defenses[i]; d.Owner == p && d.Capital {
			d.Capital = false
		}
	}
	return fmt.Sprintf("%s's capital at %s destroyed, and its bank with the %s BPV in it (UTD4.3231, UTD4.3236)", p, at, bank)
}

// postsFleet is the fleet ID under which a battle lists the units holding
// its sector (post): a reported battle's ship list names them
// <player>#<n> after the fleet's ships (UTD7.4233).
const postsFleet campaign.FleetID = "defenses"

// battleUnits are the units of the fleet a player fights battle b with,
// as it was found.
func battleUnits(b campaign.Battle, p campaign.PlayerID) []campaign.ClassName {
	for _, f := range b.Fleets {
		if f.Owner == p && f.ID != postsFleet {
			return f.Units
		}
	}
	return nil
}

// crippledPost records damage a reported result gives a post: a
// defense's structure points, as a ship's; a shipyard's or the capital's
// works boxes destroyed (UTD6.3724, reading: the players fight with its
// works boxes), all but one at most, as it still stands.
func (t *turn) crippledPost(pt post, damage int) {
	switch {
	case pt.def >= 0:
		d := &t.x.Defenses[pt.def]
		if d.Damage == nil {
			d.Damage = &campaign.UnitDamage{}
		}
		d.Damage.Structure += damage
	case pt.yard >= 0:
		y := &t.x.Yards[pt.yard]
		y.Destroyed = max(0, min(y.Destroyed+damage, y.Boxes-1))
	}
}

// enemyPostAt returns the owner of another player's defense, shipyard or
// capital at a sector, or "" for none: a fleet entering stops there
// (UTD6.31, §11 #36).
func (x *Ext) enemyPostAt(p campaign.PlayerID, at campaign.SystemID) campaign.PlayerID {
	for _, e := range x.Empires {
		if e.Player != p && e.Capital == at {
			return e.Player
		}
	}
	for _, y := range x.Yards {
		if y.Owner != p && y.At == at {
			return y.Owner
		}
	}
	for _, d := range x.Defenses {
		if d.Owner != p && d.At == at && !d.Waiting {
			return d.Owner
		}
	}
	return ""
}

// capitalDefenses lists, by index, the player's defenses that move with
// the capital from a sector: its repair freighter always (UTD6.324), and
// with its defenses every other defense there but a supporting repair
// freighter, which never moves (UTD6.325, UTD4.3373).
func (c *ctx) capitalDefenses(from campaign.SystemID, with bool) []int {
	var out []int
	for i, d := range c.x.Defenses {
		if d.Owner == c.player && d.At == from && (d.Capital || with && c.x.defenseKind(c.st.Catalogue, d.Class) != KindFreighter) {
			out = append(out, i)
		}
	}
	return out
}

// defensesFit reports whether the capital's defenses at from may join the
// player's at to within the limits of UTD7.34x (UTD6.325, §11 #27),
// refusing the order when they may not.
func (c *ctx) defensesFit(from, to campaign.SystemID, at orders.Pos) bool {
	kinds := c.x.defenseKindsAt(c.st.Catalogue, c.player, to, nil)
	for _, i := range c.capitalDefenses(from, true) {
		if !c.x.Defenses[i].Capital {
			kinds = append(kinds, c.x.defenseKind(c.st.Catalogue, c.x.Defenses[i].Class))
		}
	}
	if l, n := overLimit(kinds); l != nil {
		c.refuse(at, "UTD6.325", fmt.Sprintf("with the capital's defenses %s would hold %d %s, and %s allows %d", to, n, l.what, l.rule, l.max),
			fmt.Sprintf("scrap %d of them first (revise_defenses), or move the capital without its defenses (with_defenses: false)", n-l.max))
		return false
	}
	return true
}

// moveCapitalDefenses moves the capital's repair freighter, and with
// with its defenses, from one sector to another, and says so.
func (c *ctx) moveCapitalDefenses(from, to campaign.SystemID, with bool) {
	var moved []campaign.ClassName
	for _, i := range c.capitalDefenses(from, with) {
		c.x.Defenses[i].At = to
		if !c.x.Defenses[i].Capital {
			moved = append(moved, c.x.Defenses[i].Class)
		}
	}
	if with {
		c.say("its defenses went with it: %s (UTD6.325)", listOr(names(moved), "none"))
	}
}
