package eaw

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// series is one meeting of hostile fleets, fought as fights between
// exactly two fleets (EaW 19.0): the two first in the order of battle,
// then the survivor against the next, until one empire is left or nobody
// holds the field (EaW 26b, 26e).
type series struct {
	b campaign.Battle
	// order is the order of battle: the fleets in the order they fight
	// (EaW 26.0, 26a).
	order []campaign.FleetKey
	// holder is the fleet the last fight left holding the field, while
	// holding is set (EaW 26b).
	holder  campaign.FleetKey
	holding bool
	// out marks the fleets that fought and are done: destroyed, broken
	// off, or beaten.
	out map[campaign.FleetKey]bool
	// brokeOff marks the fleets a ship of which disengaged: they make no
	// free repairs after the battle (EaW 23a).
	brokeOff map[campaign.FleetKey]bool
	// frds are the FRDs in the meeting (EaW 15c, 28a).
	frds []*frdInBattle
	// fights counts the fights fought so far.
	fights int
}

// serial reports whether the meeting is fought as several fights: it has
// more than two fleets.
func (s *series) serial() bool { return len(s.b.Fleets) > 2 }

// fight fights a meeting found this turn, fleet against fleet (EaW 19.0,
// 5c, 5d): in the order of battle, each fight's survivor stays and meets
// the next fleet with the damage it has (EaW 26b, 26e). Fleets that broke
// off or were destroyed are out. After the last fight the surviving fleet
// makes its free repairs (EaW 23a), and FRDs destroyed in the fights are
// lost (EaW 15a).
func (t *turn) fight(b campaign.Battle) {
	s := t.newSeries(b)
	// Only the fights fought are public (EaW 1b, 1e): a meeting that did
	// not happen and the order of battle, which names fleets that may
	// never fight, are told to the sides alone, who were there.
	if !s.contested(t) {
		if !t.overrunCargo(s) {
			t.emit(game.Event{Kind: EventBattleFought, Players: b.Sides, At: b.At, Rule: battleRule(b.Lane),
				Text: fmt.Sprintf("Battle %s %s did not happen: the earlier battles left only one side there.", b.ID, t.placeText(b))})
		}
		t.goOn(s)
		return
	}
	if s.serial() && !ordered(b) {
		t.emit(game.Event{Kind: EventBattle, Players: b.Sides, At: b.At, Rule: orderRule(b),
			Text: fmt.Sprintf("Battle %s %s is fought fleet against fleet, %s.", b.ID, t.placeText(b), t.orderText(b, s.order))})
	}
	for {
		a, c := s.nextPair(t)
		if a == nil {
			break
		}
		if !t.fightPair(s, a, c) {
			break
		}
	}
	t.repairAfterBattle(s)
	t.overrunCargo(s)
	t.loseFRDs(s)
	t.goOn(s)
}

// goOn takes on the fleets left in a meeting in a lane once it is over:
// they are of one empire, the winner, and the lane is free (EaW 5c). A
// meeting that still has two empires in it, as one that could not be
// fought and waits for the GM, lets nobody on.
func (t *turn) goOn(s *series) {
	if s.b.Lane == nil || s.contested(t) {
		return
	}
	for _, k := range s.order {
		if f := s.live(t, k); f != nil {
			t.advance(s.b, f)
		}
	}
}

// overrunCargo takes the bases of the meeting's fleets that carry nothing
// but bases, where an enemy fleet that fights is still there: with no ship
// to defend them, they are lost (EaW 14a). It reports whether any were.
func (t *turn) overrunCargo(s *series) bool {
	lost := false
	for _, k := range s.order {
		f := t.fleet(k)
		if f == nil || t.fighting(f) || (s.b.Lane == nil && f.At != s.b.At) {
			continue
		}
		enemy := slices.ContainsFunc(s.order, func(o campaign.FleetKey) bool {
			e := s.live(t, o)
			return e != nil && e.Owner != f.Owner
		})
		if enemy && t.loseCargo(s.b, f, "with no ship to defend them") {
			lost = true
		}
	}
	return lost
}

func (t *turn) newSeries(b campaign.Battle) *series {
	s := &series{b: b, out: map[campaign.FleetKey]bool{}, brokeOff: map[campaign.FleetKey]bool{}}
	s.order = t.fightOrder(b)
	s.frds = t.frdsInBattle(s)
	return s
}

// contested reports whether fleets of two empires are there to fight.
func (s *series) contested(t *turn) bool {
	a, c := s.nextPair(t)
	return a != nil && c != nil
}

// live returns the fleet with this key if it can still fight in the
// meeting: it exists, has units, is not out, and, at a system, is still
// there.
func (s *series) live(t *turn, k campaign.FleetKey) *campaign.Fleet {
	f := t.fleet(k)
	if f == nil || !t.fighting(f) || s.out[k] || (s.b.Lane == nil && f.At != s.b.At) {
		return nil
	}
	return f
}

// nextPair returns the next two fleets to fight: the fleet holding the
// field, or else the first fleet left in the order of battle, against the
// first fleet left in the order that belongs to another empire (EaW 26a,
// 26b, 26e). It returns nils when no two empires are left.
func (s *series) nextPair(t *turn) (*campaign.Fleet, *campaign.Fleet) {
	var a *campaign.Fleet
	if s.holding {
		a = s.live(t, s.holder)
	}
	for _, k := range s.order {
		if a != nil {
			break
		}
		a = s.live(t, k)
	}
	if a == nil {
		return nil, nil
	}
	for _, k := range s.order {
		if f := s.live(t, k); f != nil && f.Owner != a.Owner {
			return a, f
		}
	}
	return nil, nil
}

// settle records who a fight left holding the field: the winner's fleet,
// if it still stands there; every other fleet of the fight is out.
func (s *series) settle(fleets []campaign.FleetKey, winner campaign.PlayerID) {
	s.holding = false
	for _, k := range fleets {
		if k.Owner == winner && winner != "" {
			s.holder, s.holding = k, true
			continue
		}
		s.out[k] = true
	}
}

// ordered reports whether a battle's record carries its order of battle,
// as a battle found for a reported result does.
func ordered(b campaign.Battle) bool {
	return len(b.Fleets) > 0 && !slices.ContainsFunc(b.Fleets, func(f campaign.BattleFleet) bool { return f.Order == 0 })
}

// orderRule is the rule the order of battle follows: with three admirals
// or more the fleets fight largest first (EaW 26a); with two, each side
// sends its fleets as it chooses (EaW 26.0), which pbemd reads as largest
// first, having no order for it.
func orderRule(b campaign.Battle) string {
	if len(b.Sides) >= 3 {
		return "EaW 26a"
	}
	return "EaW 26.0"
}

// fightOrder returns the order of battle (EaW 26.0, 26a, 5c, 5d): the
// order the record carries, or else the fleets there now by combat BPV,
// largest first. With three admirals or more a tie is broken by a 2D6
// roll for each tied fleet, the high roll counting larger (EaW 26a),
// rolled again while still tied; with two, each player's own fleets go
// largest first, a tie by fleet ID.
func (t *turn) fightOrder(b campaign.Battle) []campaign.FleetKey {
	if ordered(b) {
		fleets := slices.Clone(b.Fleets)
		slices.SortStableFunc(fleets, func(x, y campaign.BattleFleet) int { return cmp.Compare(x.Order, y.Order) })
		keys := make([]campaign.FleetKey, len(fleets))
		for i, f := range fleets {
			keys[i] = campaign.FleetKey{Owner: f.Owner, ID: f.ID}
		}
		return keys
	}
	return t.rank(b, t.battleFleets(b))
}

// rank orders a battle's fleets, as fightOrder does one whose record
// carries no order.
func (t *turn) rank(b campaign.Battle, fleets []*campaign.Fleet) []campaign.FleetKey {
	var ranked []rankedFleet
	for _, f := range fleets {
		ranked = append(ranked, rankedFleet{key: f.Key(), cbpv: t.next.FleetCBPV(f)})
	}
	slices.SortStableFunc(ranked, func(x, y rankedFleet) int {
		if c := cmp.Compare(y.cbpv, x.cbpv); c != 0 {
			return c
		}
		return campaign.CompareKeys(x.key, y.key)
	})
	if len(b.Sides) >= 3 {
		for _, run := range runs(ranked, func(r rankedFleet) int { return r.cbpv }) {
			t.breakTies(b, run, 1)
		}
	}
	keys := make([]campaign.FleetKey, len(ranked))
	for i, r := range ranked {
		keys[i] = r.key
	}
	return keys
}

// rankedFleet is a fleet's place in the order of battle.
type rankedFleet struct {
	key  campaign.FleetKey
	cbpv int
	roll int
}

// maxTieRolls bounds the 2D6 rolls of one tie (EaW 26a); a tie still
// standing after them keeps the fleet ID order.
const maxTieRolls = 5

// breakTies orders fleets tied on combat BPV by a 2D6 roll each, the
// high roll first, and rolls again for those still tied (EaW 26a). run
// is a window into the order of battle, sorted in place.
func (t *turn) breakTies(b campaign.Battle, run []rankedFleet, round int) {
	for i := range run {
		r := run[i]
		run[i].roll = t.throw(2, "EaW 26a", "order of battle", fmt.Sprintf("%s/%s/%s/%d", b.ID, r.key.Owner, r.key.ID, round),
			fmt.Sprintf("%s's fleet of %d CBPV, tied for its place in battle %s", r.key.Owner, r.cbpv, b.ID), b.At, b.Sides...).Total()
	}
	slices.SortStableFunc(run, func(x, y rankedFleet) int { return cmp.Compare(y.roll, x.roll) })
	if round == maxTieRolls {
		return
	}
	for _, tied := range runs(run, func(r rankedFleet) int { return r.roll }) {
		t.breakTies(b, tied, round+1)
	}
}

// runs returns the windows of two or more neighbours with the same key.
func runs(rs []rankedFleet, key func(rankedFleet) int) [][]rankedFleet {
	var out [][]rankedFleet
	for i := 0; i < len(rs); {
		j := i + 1
		for j < len(rs) && key(rs[j]) == key(rs[i]) {
			j++
		}
		if j-i >= 2 {
			out = append(out, rs[i:j])
		}
		i = j
	}
	return out
}

// orderFleets writes the order of battle of the fleets met into a
// battle's record, for a meeting of more than two fleets: the sides of a
// reported battle fight it in that order (EaW 26.0, 26a).
func (t *turn) orderFleets(b *campaign.Battle, fleets []*campaign.Fleet) {
	if len(b.Fleets) <= 2 {
		return
	}
	for n, k := range t.rank(*b, fleets) {
		for i := range b.Fleets {
			if b.Fleets[i].Owner == k.Owner && b.Fleets[i].ID == k.ID {
				b.Fleets[i].Order = n + 1
			}
		}
	}
}

// orderText writes the order of battle as the sides read it: the
// empires and the fleets' combat BPV, not the fleets' IDs.
func (t *turn) orderText(b campaign.Battle, order []campaign.FleetKey) string {
	var parts []string
	for _, k := range order {
		for _, f := range b.Fleets {
			if f.Owner == k.Owner && f.ID == k.ID {
				cbpv := f.CBPV // a reported battle's, as it was found
				if !ordered(b) {
					if now := t.fleet(k); now != nil {
						cbpv = t.next.FleetCBPV(now)
					}
				}
				parts = append(parts, fmt.Sprintf("%s %d CBPV", k.Owner, cbpv))
			}
		}
	}
	how := "the two largest first, then each next largest against the survivor (EaW 26a)"
	if len(b.Sides) < 3 {
		how = "each side sending its largest fleet first (EaW 26.0)"
	}
	return fmt.Sprintf("%s: %s", how, strings.Join(parts, ", "))
}

// repairAfterBattle gives the fleet left holding the field its free
// repairs after the last fight (EaW 23a, 26e), unless a ship of it broke
// off (EaW 23a). "To the limits of each ship's abilities" is its
// self-repair capacity (EaW 22b: 3 × its class's damage-control rating,
// less what it has mended since it last resupplied), which the repairs
// draw on. Uninspected prizes mend nothing (EaW 25b).
func (t *turn) repairAfterBattle(s *series) {
	if !s.holding || s.brokeOff[s.holder] {
		return
	}
	f := s.live(t, s.holder)
	if f == nil {
		return
	}
	var mended []string
	for i, u := range f.Units {
		d := f.DamageOf(i)
		if !d.Any() {
			continue
		}
		fixed := repair(d, t.next.SelfRepairLeft(f, i))
		if fixed == d {
			continue
		}
		fixed.Unit = i
		setDamage(f, fixed)
		c := f.CrewOf(i)
		c.Repaired += damagePoints(d) - damagePoints(fixed)
		f.SetCrew(c)
		mended = append(mended, fmt.Sprintf("%s #%d (%s)", u, i+1, mendText(d, fixed)+" mended"))
	}
	if len(mended) == 0 {
		return
	}
	t.emit(game.Event{Kind: EventRepaired, Players: []campaign.PlayerID{f.Owner}, At: f.At, Rule: "EaW 23a",
		Text: fmt.Sprintf("Fleet %s made its free repairs after battle %s: %s.", f.ID, s.b.ID, strings.Join(mended, ", "))})
}

// damagePoints is the damage a unit carries, in points of structure and
// systems.
func damagePoints(d campaign.UnitDamage) int { return d.Structure + d.Attack + d.Sensor + d.Speed }

// repair returns a unit's damage after it mends up to n points (EaW 22b,
// 23a): a point at a time, each on the system hit worst (attack before
// speed before sensor on a tie), and once its systems are whole, on its
// structure.
func repair(d campaign.UnitDamage, n int) campaign.UnitDamage {
	for ; n > 0; n-- {
		switch {
		case d.Attack > 0 && d.Attack >= d.Speed && d.Attack >= d.Sensor:
			d.Attack--
		case d.Speed > 0 && d.Speed >= d.Sensor:
			d.Speed--
		case d.Sensor > 0:
			d.Sensor--
		case d.Structure > 0:
			d.Structure--
		default:
			return d
		}
	}
	return d
}
