package thunderdome

import (
	"cmp"
	"fmt"
	"maps"
	"slices"

	"github.com/pbemd/pbemd/battle"
	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// settlement is a reported result on its way into the open turn
// (ApplyResult): what it does to each ship, gathered ship by ship, then
// done fleet by fleet and side by side.
type settlement struct {
	t *turn
	b campaign.Battle
	// fates are the result's ships by name, byRef the battle's.
	fates map[string]orders.ShipFate
	byRef map[string]game.ShipRef
	// posts are each side's units holding the sector, as the battle
	// found them.
	posts map[campaign.PlayerID][]post
	// lost are the units that leave each fleet, via the sector each
	// player's ships disengaged to, and standing the sides that hold the
	// field.
	lost     map[campaign.FleetKey][]int
	via      map[campaign.PlayerID]campaign.SystemID
	standing map[campaign.PlayerID]bool
	prizes   []prize
	razed    []post
	// told are the lines of the event that settles the battle.
	told []string
}

// newSettlement starts to settle battle b of t with res; refs are the
// battle's ships.
func newSettlement(t *turn, b campaign.Battle, res *orders.BattleResult, refs []game.ShipRef) *settlement {
	a := &settlement{t: t, b: b, fates: map[string]orders.ShipFate{}, byRef: map[string]game.ShipRef{},
		posts: map[campaign.PlayerID][]post{}, lost: map[campaign.FleetKey][]int{},
		via: map[campaign.PlayerID]campaign.SystemID{}, standing: map[campaign.PlayerID]bool{}}
	for _, s := range res.Ships {
		a.fates[s.Ship] = s
	}
	for _, ref := range refs {
		a.byRef[ref.Ref] = ref
	}
	for _, p := range b.Sides {
		a.posts[p], _ = t.force(p, b.At, battleUnits(b, p))
	}
	return a
}

// ship settles one ship of the battle: a ship of a non-player empire, a
// unit holding the sector, or a ship of a player's fleet; a ship the
// result does not name came through intact. A ship named gets its line.
func (a *settlement) ship(ref game.ShipRef) {
	s, ok := a.fates[ref.Ref]
	var taken *prize // a player's ship captured, taken with what the battle left it
	switch {
	case a.t.x.npeRef(a.b, ref): // the NPE's force, not the volunteer's (npeSettled)
		a.standing[ref.Owner] = a.standing[ref.Owner] || !ok || s.Fate != battle.FateDestroyed && s.Fate != battle.FateCaptured
		if !ok {
			return
		}
		a.npeShip(ref, s)
	case ref.Fleet == postsFleet && ref.Index < len(a.posts[ref.Owner]):
		if !ok {
			a.standing[ref.Owner] = true
			return
		}
		a.postShip(ref, s)
	case !ok:
		a.standing[ref.Owner] = true
		return
	default:
		var told bool
		if taken, told = a.fleetShip(ref, s); told {
			return
		}
	}
	a.tell(ref, s, taken)
}

// npeShip settles a ship of a non-player empire's force: one captured is
// a prize as any other (UTD5.2A2).
func (a *settlement) npeShip(ref game.ShipRef, s orders.ShipFate) {
	if s.Fate != battle.FateCaptured {
		return
	}
	n, _ := a.t.x.npeBattle(a.b)
	by := a.byRef[s.By]
	a.prizes = append(a.prizes, prize{ship: shipTaken(ref.Class), from: "the " + n.Empire, captor: by.Owner, fleet: by.Fleet, at: a.b.At, place: s.To,
		rule: "battle " + a.b.ID + ", UTD5.2A2"})
}

// postShip settles a unit holding the sector: destroyed or captured, it
// is razed, as a captured post is destroyed (UTD7.48, UTD4.3231);
// crippled, it takes the damage.
func (a *settlement) postShip(ref game.ShipRef, s orders.ShipFate) {
	pt := a.posts[ref.Owner][ref.Index]
	switch s.Fate {
	case battle.FateDestroyed, battle.FateCaptured:
		a.razed = append(a.razed, pt)
	case battle.FateCrippled:
		a.standing[ref.Owner] = true
		a.t.crippledPost(pt, s.Damage)
	case battle.FateIntact:
		a.standing[ref.Owner] = true
	}
}

// fleetShip settles a ship of a player's fleet: destroyed, it leaves the
// fleet, as it does captured by a non-player empire, which liquidates it
// (UTD5.2821); captured by a player, it is the prize returned (UTD6.3I),
// but a defense, which is destroyed instead (UTD7.48); crippled, it takes
// the damage; disengaged, it names the lane its side retreats by. told
// says the ship has had its line already.
func (a *settlement) fleetShip(ref game.ShipRef, s orders.ShipFate) (taken *prize, told bool) {
	k := campaign.FleetKey{Owner: ref.Owner, ID: ref.Fleet}
	st := a.t.st
	switch {
	case s.Fate == battle.FateDestroyed, s.Fate == battle.FateCaptured && a.t.x.npeRef(a.b, a.byRef[s.By]):
		a.lost[k] = append(a.lost[k], ref.Index)
	case s.Fate == battle.FateCaptured:
		a.lost[k] = append(a.lost[k], ref.Index)
		f := st.Fleet(k.Owner, k.ID)
		if f == nil || ref.Index >= len(f.Units) {
			break
		}
		if a.t.isDefense(f.Units[ref.Index]) {
			a.told = append(a.told, fmt.Sprintf("%s %s captured: a defense is destroyed instead (UTD7.48)", ref.Ref, ref.Class))
			return nil, true
		}
		by := a.byRef[s.By]
		taken = &prize{from: string(ref.Owner), captor: by.Owner, fleet: by.Fleet, at: a.b.At, place: s.To, rule: "battle " + a.b.ID + ", UTD6.3I"}
	case s.Fate == battle.FateCrippled:
		a.standing[ref.Owner] = true
		if f := st.Fleet(k.Owner, k.ID); f != nil && ref.Index < len(f.Units) {
			d := f.DamageOf(ref.Index)
			d.Unit, d.Structure = ref.Index, d.Structure+s.Damage
			setDamage(f, d)
		}
	case s.Fate == battle.FateDisengaged:
		a.via[ref.Owner] = s.Direction
	case s.Fate == battle.FateIntact:
		a.standing[ref.Owner] = true
	}
	return taken, false
}

// tell gives a ship named its line, with the fighters and PFs it lost
// (UTD6.3B), and takes a player's ship captured, as the battle left it,
// for its captor.
func (a *settlement) tell(ref game.ShipRef, s orders.ShipFate, taken *prize) {
	text := fmt.Sprintf("%s %s %s", ref.Ref, ref.Class, s.Fate)
	x := a.t.x
	if f := a.t.st.Fleet(ref.Owner, ref.Fleet); f != nil && ref.Index < len(f.Units) && s.Fate != battle.FateDestroyed {
		if lost := x.attrit(f, ref.Index, lostAttrition(s, x.loadOf(f, ref.Index).Carried)); !lost.IsZero() {
			text += fmt.Sprintf(", lost %s (UTD6.3B)", lost)
		}
		if taken != nil {
			taken.ship = x.takePrize(f, ref.Index)
			a.prizes = append(a.prizes, *taken)
		}
	}
	a.told = append(a.told, text)
}

// takeLost takes the ships lost out of their fleets, in fleet order, not
// the map's, as take may add fleet records; fleets left empty go.
func (a *settlement) takeLost() {
	st := a.t.st
	for _, k := range slices.SortedFunc(maps.Keys(a.lost), func(a, b campaign.FleetKey) int {
		return cmp.Or(cmp.Compare(a.Owner, b.Owner), cmp.Compare(a.ID, b.ID))
	}) {
		if f := st.Fleet(k.Owner, k.ID); f != nil {
			a.t.x.take(f, a.lost[k]) // the ships left keep their marks (UTD6.3E, UTD4.335, UTD6.3736)
		}
	}
	st.Fleets = slices.DeleteFunc(st.Fleets, func(f campaign.Fleet) bool { return len(f.Units) == 0 })
}

// razeLosers razes the posts the result destroyed and those of every
// side that does not hold the field: they neither retreat nor surrender
// (UTD7.48).
func (a *settlement) razeLosers() {
	if len(a.told) == 0 {
		a.told = []string{"every ship came through intact"}
	}
	for _, p := range a.b.Sides {
		if !a.standing[p] {
			a.razed = append(a.razed, a.t.posts(p, a.b.At)...)
		}
	}
	if gone := a.t.razePosts(a.b.At, a.razed); len(gone) > 0 {
		a.told = append(a.told, gone...)
	}
}

// retreatLosers retreats every side that does not hold the field, but a
// volunteer playing a non-player empire, with all its fleets in the
// sector, through the lane its ships disengaged by, else as pbemd
// chooses (UTD7.4661–7.4665, UTD7.46722).
func (a *settlement) retreatLosers() {
	npe, volunteer := a.t.x.npeBattle(a.b)
	for _, p := range a.b.Sides {
		if !a.standing[p] && (npe == nil || p != volunteer) {
			a.t.retreatVia(p, a.b.At, a.via[p])
		}
	}
}
