package battle

// breakOffNeed is the Starships chapter's break-off table (001 §7.4b): the
// most a d10 may show, after modifiers, for the breaking-off side's active
// and inactive ships to get away, by AF differential (the enemy's active AF
// minus the side's own).
func breakOffNeed(diff int) (active, inactive int) {
	switch {
	case diff <= -7:
		return 8, 10
	case diff <= -4:
		return 7, 9
	case diff <= -1:
		return 6, 8
	case diff == 0:
		return 5, 7
	case diff <= 3:
		return 4, 6
	case diff <= 10:
		return 3, 5
	}
	return 2, 4
}

// warpMod is the modifier of a warp break-off, an emergency jump
// (001 §7.4b).
const warpMod = -2

// breakOffTry is one squadron's break-off attempt, with the differential
// fixed before any roll of its role.
type breakOffTry struct {
	sq   *squadron
	diff int
}

// breakOff resolves the round's break-off attempts (001 §7.4b): first the
// attackers, who may not try in round 1, then the defender, every round.
// A surprised side may not try in round 1 (001 §7.4c). The attempts of one
// role are simultaneous: each differential is taken before any of them is
// rolled. A held squadron does not try: the log says it stays.
func (f *fight) breakOff() {
	for _, role := range []Role{Attacker, Defender} {
		if role == Attacker && f.round == 1 {
			continue
		}
		var tries []breakOffTry
		for _, sd := range f.sides {
			if sd.in.Role != role || sd.surprised && f.round == 1 {
				continue
			}
			for _, sq := range sd.squadrons {
				switch {
				case sq.declares() && sq.held:
					f.log(Event{Kind: KindHeld, Side: int32(sd.idx), Who: sq.id})
				case sq.declares():
					tries = append(tries, breakOffTry{sq, f.differential(sq)})
				}
			}
		}
		for _, t := range tries {
			f.tryBreakOff(t)
		}
	}
}

// declares reports whether the squadron tries to break off: it must when
// its morale or its side's losses said withdraw, or its orders say always.
func (sq *squadron) declares() bool {
	if !sq.hasPresent() {
		return false
	}
	return sq.withdrawing || sq.side.in.Withdraw == WithdrawAlways
}

func (sq *squadron) hasPresent() bool {
	for _, s := range sq.ships {
		if s.present() {
			return true
		}
	}
	return false
}

// differential is the enemy's active AF minus the side's own (001 §7.4b).
// Only enemy ships at least as fast as the squadron's slowest ship count:
// slower ones cannot follow (004 "Escape", seed-tactical §4.6 R2).
func (f *fight) differential(sq *squadron) int {
	slowest := -1
	for _, s := range sq.ships {
		if s.present() && (slowest < 0 || s.speed() < slowest) {
			slowest = s.speed()
		}
	}
	enemy := 0
	f.enemies(sq.side, func(e *side) {
		for _, s := range e.ships {
			if s.active(f.round) && s.speed() >= slowest {
				enemy += s.attack()
			}
		}
	})
	return enemy - sq.side.activeAttack(f.round)
}

// tryBreakOff rolls one attempt: d10, −1 per earlier attempt, −2 for warp,
// − own leadership, + the enemy's. The same roll decides for the active
// ships and the inactive ones. Damaged ships that warp away roll d6 each,
// and stay on 5–6. Ships that stay fire with −1 die this round.
func (f *fight) tryBreakOff(t breakOffTry) {
	sq, sd := t.sq, t.sq.side
	mod := -sq.attempts - sd.leadership() + f.enemyLeadership(sd)
	if !sd.in.Impulse {
		mod += warpMod
	}
	sq.attempts++
	needA, needI := breakOffNeed(t.diff)
	r := f.roll(10)
	total := r + mod
	at := len(f.events)
	f.log(Event{Kind: KindBreakOff, Side: int32(sd.idx), Who: sq.id, Die: 10, Roll: int32(r), Mod: int32(mod), Need: int32(needA), N: int32(t.diff)})
	went, stayed := 0, 0
	for _, s := range sq.ships {
		if !s.present() {
			continue
		}
		goes := total <= needI
		if s.active(f.round) {
			goes = total <= needA
		}
		if goes && !sd.in.Impulse && s.crippled() {
			goes = f.warps(s)
		}
		if goes {
			f.disengage(s)
			went++
		} else {
			s.failedBreakOff = f.round
			stayed++
		}
	}
	switch {
	case stayed == 0:
		f.events[at].What = ResultEscaped
	case went == 0:
		f.events[at].What = ResultFailed
	default:
		f.events[at].What = ResultPartial
	}
}

// warps rolls a damaged ship's jump: it fails on d6 5–6 (001 §7.4b, 7.5a).
func (f *fight) warps(s *ship) bool {
	r := f.roll(6)
	what := ResultJumps
	if r > warpNeed {
		what = ResultStays
	}
	f.log(Event{Kind: KindWarp, Side: int32(s.side().idx), Who: s.id, Die: 6, Roll: int32(r), Need: int32(warpNeed), What: what})
	return r <= warpNeed
}

// warpNeed: a damaged ship's jump works on d6 of this or less.
const warpNeed = 4

// enemyLeadership is the best space leadership among the side's enemies'
// leaders still in the battle.
func (f *fight) enemyLeadership(sd *side) int {
	best := 0
	f.enemies(sd, func(e *side) { best = max(best, e.leadership()) })
	return best
}
