package battle

// moraleLadder is a squadron's morale circles (B5 "Tracking the morale of
// a squadron"): the first is half the starting morale, rounded down; each
// next one is 10% of the start lower (rounded down, at least 1); there are
// at most five, and none below 1. A start of 10 gives 5, 4, 3, 2, 1.
func moraleLadder(start int) []int {
	top, step := start/2, max(1, start/10)
	var levels []int
	for k := range len(moraleNeed) {
		l := top - k*step
		if l < 1 {
			break
		}
		levels = append(levels, l)
	}
	return levels
}

// moraleNeed is what the d12 must reach at each circle for the squadron to
// withdraw (B5 "Morale checks table").
var moraleNeed = [...]int{11, 9, 7, 5, 3}

// situationMod is added to morale rolls (B5 "Battle situational
// modifiers"); a higher roll withdraws sooner.
func situationMod(s Situation, r Role) int {
	switch {
	case s == Skirmish:
		return 1
	case s == Strategic && r == Defender:
		return -1
	case s == Strategic:
		return 0
	case r == Defender:
		return -3
	}
	return -1
}

// checkMorale rolls for every squadron whose morale has fallen to its next
// circle, once per circle, until one roll withdraws it (B5 "Morale").
// Morale is the squadron's structure on entry less the structure it has
// lost since. Squadrons of sides that fight to the end do not roll.
func (f *fight) checkMorale() {
	for _, sd := range f.sides {
		if sd.in.Withdraw != WithdrawMorale {
			continue
		}
		mod := situationMod(f.setup.Situation, sd.in.Role)
		for _, sq := range sd.squadrons {
			if sq.withdrawing || !sq.hasPresent() {
				continue
			}
			morale := sq.moraleStart - sq.structureLost()
			for sq.next < len(sq.levels) && morale <= sq.levels[sq.next] {
				r, need := f.roll(12), moraleNeed[sq.next]
				sq.next++
				what := ResultHolds
				if r+mod >= need {
					what, sq.withdrawing = ResultWithdraws, true
				}
				f.log(Event{Kind: KindMorale, Side: int32(sd.idx), Who: sq.id, Die: 12, Roll: int32(r), Mod: int32(mod), Need: int32(need), N: int32(morale), What: what})
				if sq.withdrawing {
					break
				}
			}
		}
	}
}

// structureLost is the structure the squadron's ships have lost in this
// battle.
func (sq *squadron) structureLost() int {
	n := 0
	for _, s := range sq.ships {
		n += s.dmg.Structure - s.entry.Structure
	}
	return n
}

// checkLosses withdraws every squadron of a side that has lost its
// WithdrawAtLoss share of its starting Attack (seed-tactical §4.6 R5).
// Ships that got away are not lost.
func (f *fight) checkLosses() {
	for _, sd := range f.sides {
		limit := sd.in.WithdrawAtLoss
		if limit == 0 || sd.startAttack == 0 || !sd.present() {
			continue
		}
		lost := 0
		for _, s := range sd.ships {
			switch {
			case s.fate == FateDestroyed:
				lost += s.base.Attack - s.entry.Attack
			case s.present():
				lost += s.dmg.Attack - s.entry.Attack
			}
		}
		pct := lost * 100 / sd.startAttack
		if pct < limit {
			continue
		}
		fresh := false
		for _, sq := range sd.squadrons {
			fresh = fresh || !sq.withdrawing && sq.hasPresent()
			sq.withdrawing = true
		}
		if fresh {
			f.log(Event{Kind: KindLosses, Side: int32(sd.idx), Who: string(sd.in.Player), N: int32(pct), Need: int32(limit), What: ResultWithdraws})
		}
	}
}
