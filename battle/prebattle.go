package battle

import "slices"

// group is ships that join the battle together: an arriving squadron
// (001 §7.4d) or a dispersal starfleet (001 §7.4e).
type group struct {
	name  string
	ships []*ship
	round int
}

func (g *group) attack() int {
	n := 0
	for _, s := range g.ships {
		n += s.attack()
	}
	return n
}

// scheduleArrivals rolls when each squadron of a side that jumped in joins
// (001 §7.4d): d6 1–2 round 1, 3–4 round 2, 5–6 round 3. A single stack
// does not roll.
func (f *fight) scheduleArrivals() {
	for _, sd := range f.sides {
		if !sd.in.Jumped || len(sd.squadrons) < 2 {
			continue
		}
		groups := make([]*group, len(sd.squadrons))
		for i, sq := range sd.squadrons {
			r := f.roll(6)
			groups[i] = &group{name: sq.id, ships: sq.ships, round: (r + 1) / 2}
			f.log(Event{Kind: KindArrival, Side: int32(sd.idx), Who: sq.id, Die: 6, Roll: int32(r), N: int32(groups[i].round)})
		}
		f.schedule(sd, groups)
	}
}

// disperse splits a side in blockade dispersal into three starfleets as
// evenly as possible, and picks at random which joins in round 1, 2 and 3
// (001 §7.4e). Ships are dealt round-robin by Attack, highest first; unarmed
// ships (the chapter's transports) go with the first starfleet.
func (f *fight) disperse() {
	for _, sd := range f.sides {
		if !sd.in.Dispersal {
			continue
		}
		var armed, unarmed []*ship
		for _, s := range sd.ships {
			if s.base.Attack > 0 {
				armed = append(armed, s)
			} else {
				unarmed = append(unarmed, s)
			}
		}
		if len(armed) < 2 {
			continue
		}
		slices.SortStableFunc(armed, func(a, b *ship) int { return b.attack() - a.attack() })
		groups := make([]*group, min(3, len(armed)))
		for i := range groups {
			groups[i] = &group{name: "starfleet " + string(rune('A'+i))}
		}
		for i, s := range armed {
			g := groups[i%len(groups)]
			g.ships = append(g.ships, s)
			f.log(Event{Kind: KindGroup, Side: int32(sd.idx), Who: s.id, Target: g.name})
		}
		groups[0].ships = append(groups[0].ships, unarmed...)
		f.drawRounds(sd, groups)
		f.schedule(sd, groups)
	}
}

// drawRounds picks at random the starfleet for round 1, then round 2; the
// last one left takes the last round.
func (f *fight) drawRounds(sd *side, groups []*group) {
	left := slices.Clone(groups)
	for round := 1; len(left) > 0; round++ {
		i := 0
		if len(left) > 1 {
			r := f.roll(len(left))
			i = r - 1
			f.log(Event{Kind: KindDispersal, Side: int32(sd.idx), Who: left[i].name, Die: int32(len(left)), Roll: int32(r), N: int32(round)})
		} else {
			f.log(Event{Kind: KindDispersal, Side: int32(sd.idx), Who: left[i].name, N: int32(round)})
		}
		left[i].round = round
		left = slices.Delete(left, i, i+1)
	}
}

// schedule lets the side's leader bring late groups forward to round 1,
// as many as the leadership, the strongest first (001 §7.4d-e); moves the
// groups down into empty rounds (001 §7.4d); and sets each ship's round.
func (f *fight) schedule(sd *side, groups []*group) {
	call := sd.leadership()
	late := slices.Clone(groups)
	slices.SortStableFunc(late, func(a, b *group) int { return b.attack() - a.attack() })
	for _, g := range late {
		if call > 0 && g.round > 1 {
			call--
			g.round = 1
			f.log(Event{Kind: KindShift, Side: int32(sd.idx), Who: g.name, N: 1, What: ResultLeader})
		}
	}
	used := make([]bool, 4)
	for _, g := range groups {
		used[g.round] = true
	}
	shift := [4]int{}
	n := 0
	for r := 1; r <= 3; r++ {
		if used[r] {
			n++
		}
		shift[r] = n
	}
	for _, g := range groups {
		if shift[g.round] != g.round {
			g.round = shift[g.round]
			f.log(Event{Kind: KindShift, Side: int32(sd.idx), Who: g.name, N: int32(g.round)})
		}
		for _, s := range g.ships {
			s.arrive = g.round
		}
	}
}

// rollSurprise: when every attacker jumped in, each side rolls 2d6 plus
// its leader's space leadership; 4 or less and it is surprised in round 1
// (001 §7.4c).
func (f *fight) rollSurprise() {
	attackers := 0
	for _, sd := range f.sides {
		if sd.in.Role == Attacker {
			if !sd.in.Jumped {
				return
			}
			attackers++
		}
	}
	if attackers == 0 {
		return
	}
	for _, sd := range f.sides {
		a, b := f.roll(6), f.roll(6)
		l := sd.leadership()
		sd.surprised = a+b+l <= surpriseNeed
		what := ResultReady
		if sd.surprised {
			what = ResultSurprised
		}
		f.log(Event{Kind: KindSurprise, Side: int32(sd.idx), Who: string(sd.in.Player), Die: 6, Roll: int32(a), Roll2: int32(b), Mod: int32(l), Need: int32(surpriseNeed), What: what})
	}
}

// surpriseNeed: 2d6 plus leadership of this or less is surprised
// (001 §7.4c).
const surpriseNeed = 4
