package battle

import "github.com/pbemd/pbemd/campaign"

// hit is one recorded hit, applied after every side has fired (B5: "all
// weapons fire is rolled and the results are recorded before moving on to
// resolving the damage").
type hit struct {
	target *ship
	// structure is the structure points the hit takes; systems the
	// systems it hits, in order.
	structure int
	systems   [2]Result
	nsystems  int
}

// fireVolleys fires the round's volleys; each applies its hits before the
// next (seed-tactical §4.6 R4).
func (f *fight) fireVolleys() {
	for v := 1; v <= f.setup.Volleys && !f.over(); v++ {
		f.log(Event{Kind: KindVolley, N: int32(v)})
		var hits []hit
		for _, sd := range f.sides {
			for _, s := range f.ships {
				s.alloc = 0
			}
			for _, sq := range sd.squadrons {
				hits = f.fireSquadron(sq, hits)
			}
		}
		f.apply(hits)
		f.launchPods()
	}
}

// fireSquadron fires every active ship of the squadron at one enemy
// squadron (B5 "Target selection"): the one with the most active Attack.
func (f *fight) fireSquadron(sq *squadron, hits []hit) []hit {
	target := f.targetSquadron(sq.side)
	if target == nil {
		return hits
	}
	for _, s := range sq.ships {
		if !s.active(f.round) || s.attack() == 0 {
			continue // unarmed, or every weapon lost: nothing to boost
		}
		n := f.dice(s)
		if n == 0 {
			continue
		}
		t, bypass := f.targetShip(s, target, n)
		hits = f.fire(s, t, n, bypass, hits)
	}
	return hits
}

// targetSquadron is the enemy squadron with the most active Attack, the
// first in side and squadron order on a tie.
func (f *fight) targetSquadron(sd *side) *squadron {
	var best *squadron
	top := -1
	f.enemies(sd, func(e *side) {
		for _, sq := range e.squadrons {
			a, any := 0, false
			for _, s := range sq.ships {
				if s.active(f.round) {
					a, any = a+s.attack(), true
				}
			}
			if any && a > top {
				best, top = sq, a
			}
		}
	})
	return best
}

// targetShip picks the ship to fire at, in screen order: the first whose
// structure is not yet covered by the hits the side expects to score on
// it this volley. Each active ship passed over costs −1 to hit (B5 "bypass
// penalty"). If all are covered, the first.
func (f *fight) targetShip(s *ship, sq *squadron, n int) (*ship, int) {
	var first *ship
	bypass := 0
	for _, t := range sq.ships {
		if !t.active(f.round) {
			continue
		}
		if first == nil {
			first = t
		}
		if t.alloc < t.structure()*1000 {
			t.alloc += expectedStructure(s, t, n, f.toHitNeed(s, t, bypass))
			return t, bypass
		}
		bypass++
	}
	first.alloc += expectedStructure(s, first, n, f.toHitNeed(s, first, 0))
	return first, 0
}

// dice is how many fire-control dice the ship rolls this volley
// (seed-tactical §4.6 R4a): its Attack, plus its leader's boost (at most
// its basic Attack) minus the enemy leaders' weakening (001 §7.4f), ±1 for
// surprise in round 1 (001 §7.4c), −1 after a failed break-off (001
// §7.4b); then ½ in the round after its squadron lost its commander, ¾ in
// the round after its side lost the flagship, ½ out of command, all
// multiplied and rounded up (B5 "Out of command").
func (f *fight) dice(s *ship) int {
	sd := s.side()
	n := s.attack()
	if l := sd.leader; l != nil && l.leading {
		n += min(l.in.Boost, s.base.Attack)
	}
	enemySurprised := false
	f.enemies(sd, func(e *side) {
		if l := e.leader; l != nil && l.leading {
			n -= l.in.Weaken
		}
		enemySurprised = enemySurprised || e.surprised
	})
	if f.round == 1 && sd.surprised {
		n--
	}
	if f.round == 1 && enemySurprised {
		n++
	}
	if s.failedBreakOff == f.round {
		n--
	}
	n = max(n, 0)
	num, den := 1, 1
	if sq := s.sq; sq.cmdLost > 0 && sq.cmdLost == f.round-1 {
		den *= 2
	}
	if sd.flagLost > 0 && sd.flagLost == f.round-1 {
		num, den = num*3, den*4
	}
	if s.ooc {
		den *= 2
	}
	return (n*num + den - 1) / den
}

// toHitNeed is what the fire-control die must show to hit (B5 "Rolling to
// hit"): die + Sensor ≥ Def + range modifier + bypass.
func (f *fight) toHitNeed(s, t *ship, bypass int) int {
	return t.base.Def + f.band.Mod() + bypass - s.sensor()
}

// fcDie is the firer's fire-control die against the target's hull (B5:
// the first number against capital and heavy ships, the second against
// medium ones).
func fcDie(s, t *ship) int {
	if t.base.Hull == campaign.HullMedium {
		return s.base.FC[1]
	}
	return s.base.FC[0]
}

// fire rolls n fire-control dice at t, and for each hit its damage die and
// system dice at once, and records the hits.
func (f *fight) fire(s, t *ship, n, bypass int, hits []hit) []hit {
	fc, need := fcDie(s, t), f.toHitNeed(s, t, bypass)
	side := s.side().idx
	f.log(Event{Kind: KindFire, Side: int32(side), Who: s.id, Target: t.id, Die: int32(fc), Need: int32(need), Mod: int32(bypass), N: int32(n)})
	for range n {
		r := f.roll(fc)
		if r < need {
			f.log(Event{Kind: KindToHit, Side: int32(side), Who: s.id, Target: t.id, Die: int32(fc), Roll: int32(r), Need: int32(need), What: ResultMiss})
			continue
		}
		f.log(Event{Kind: KindToHit, Side: int32(side), Who: s.id, Target: t.id, Die: int32(fc), Roll: int32(r), Need: int32(need), What: ResultHit})
		if h, ok := f.damage(s, t); ok {
			hits = append(hits, h)
		}
	}
	return hits
}

// damage rolls one hit's damage die against the target's armor, and the
// system dice the damage table calls for.
func (f *fight) damage(s, t *ship) (hit, bool) {
	side := s.side().idx
	x := f.roll(s.base.Damage)
	e := damageTable(x, t.base.Armor)
	f.log(Event{Kind: KindDamage, Side: int32(side), Who: s.id, Target: t.id, Die: int32(s.base.Damage), Roll: int32(x), Need: int32(t.base.Armor), What: e.severity})
	h := hit{target: t, structure: e.structure}
	for _, kind := range e.systems[:e.n] {
		h.add(f.system(side, t, kind))
	}
	return h, e.severity != ResultNone
}

// effect is what a damage die does: its severity, the structure it takes,
// and the kinds of system it hits, each picked by a d6.
type effect struct {
	severity  Result
	structure int
	systems   [2][2]Result
	n         int
}

// damageTable is the B5 damage table ("Determining what is damaged") for
// a damage die of x against armor:
//
//	margin < 0   no damage
//	0–1          minor: 1 structure
//	2–3          moderate: even, a primary system; odd, a minor system and
//	             1 structure
//	4 or more    severe: even, 1 structure and two minor systems; odd, a
//	             primary system and 2 structure
func damageTable(x, armor int) effect {
	m, even := x-armor, x%2 == 0
	switch {
	case m < 0:
		return effect{severity: ResultNone}
	case m <= 1:
		return effect{severity: ResultMinor, structure: 1}
	case m <= 3 && even:
		return effect{severity: ResultModerate, systems: [2][2]Result{primarySystem}, n: 1}
	case m <= 3:
		return effect{severity: ResultModerate, structure: 1, systems: [2][2]Result{minorSystem}, n: 1}
	case even:
		return effect{severity: ResultSevere, structure: 1, systems: [2][2]Result{minorSystem, minorSystem}, n: 2}
	}
	return effect{severity: ResultSevere, structure: 2, systems: [2][2]Result{primarySystem}, n: 1}
}

func (h *hit) add(r Result) {
	h.systems[h.nsystems] = r
	h.nsystems++
}

// The systems a d6 picks, by odd and even (B5): a minor system is a
// secondary weapon (even) or the manoeuvring drive (odd); a primary system
// a primary weapon (even) or the sensors (odd). Both kinds of weapon are
// the one battery, Attack.
var (
	minorSystem   = [2]Result{ResultAttack, ResultSpeed}
	primarySystem = [2]Result{ResultAttack, ResultSensor}
)

func (f *fight) system(side int, t *ship, kind [2]Result) Result {
	r := f.roll(6)
	sys := kind[r%2]
	f.log(Event{Kind: KindSystem, Side: int32(side), Target: t.id, Die: 6, Roll: int32(r), What: sys})
	return sys
}

// apply applies the volley's hits in the order they were rolled. A system
// with nothing left takes structure instead (B5 cascade); a ship at 0
// structure is destroyed, and later hits on it are lost.
func (f *fight) apply(hits []hit) {
	for _, h := range hits {
		t := h.target
		if !t.present() {
			continue
		}
		t.dmg.Structure += h.structure
		for _, sys := range h.systems[:h.nsystems] {
			if !t.loseSystem(sys) {
				t.dmg.Structure++
				f.log(Event{Kind: KindCascade, Side: int32(t.side().idx), Target: t.id, What: sys})
			}
		}
		if t.structure() <= 0 {
			t.dmg.Structure = t.base.Structure
			f.destroy(t)
		}
	}
}

// loseSystem takes a point off a system, if it has one left.
func (s *ship) loseSystem(sys Result) bool {
	var left int
	var lost *int
	switch sys {
	case ResultAttack:
		left, lost = s.attack(), &s.dmg.Attack
	case ResultSensor:
		left, lost = s.sensor(), &s.dmg.Sensor
	default:
		left, lost = s.speed(), &s.dmg.Speed
	}
	if left <= 0 {
		return false
	}
	*lost++
	return true
}

// destroy marks a ship destroyed, and the loss of its squadron's commander
// or its side's flagship (B5 "Out of command").
func (f *fight) destroy(s *ship) {
	s.fate, s.fateRound = FateDestroyed, f.round
	sd := s.side()
	f.log(Event{Kind: KindDestroyed, Side: int32(sd.idx), Who: s.id})
	if s.sq.commander == s {
		s.sq.cmdLost = f.round
		f.log(Event{Kind: KindCommandLost, Side: int32(sd.idx), Who: s.sq.id, Target: s.id})
	}
	if sd.flagship == s {
		sd.flagLost = f.round
		f.log(Event{Kind: KindCommandLost, Side: int32(sd.idx), Who: string(sd.in.Player), Target: s.id, What: ResultFlagship})
	}
}

// expectedStructure is the structure, ×1000, that n dice of s needing need
// are expected to take off t: P(hit) times the mean structure of a hit.
func expectedStructure(s, t *ship, n, need int) int {
	fc, die := fcDie(s, t), s.base.Damage
	faces := min(max(fc-max(need, 1)+1, 0), fc)
	str := 0
	for x := 1; x <= die; x++ {
		str += damageTable(x, t.base.Armor).structure
	}
	return n * faces * str * 1000 / (fc * die)
}
