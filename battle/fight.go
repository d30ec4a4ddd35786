package battle

import "slices"

// Fight fights the battle s describes and returns its outcome. It returns
// an error wrapping ErrSetup, and no outcome, only when s cannot be fought:
// fewer than two sides, a side or squadron without ships, a repeated ship
// ID, a stat out of range. The same s always gives the same outcome.
//
// The phases follow seed-tactical §4.5–4.6: before the battle, arrival
// rounds and surprise; then each round, arrivals, break-off, range,
// volleys, morale and the new commanders, until one side is left or the
// round cap sends the attackers away.
func Fight(s Setup) (*Outcome, error) {
	s = s.withDefaults()
	if err := s.check(); err != nil {
		return nil, err
	}
	f := newFight(s)
	f.scheduleArrivals()
	f.disperse()
	f.rollSurprise()
	f.endRound()
	for f.round = 1; f.round <= s.MaxRounds && !f.over(); f.round++ {
		f.joinShips()
		f.breakOff()
		if !f.over() {
			f.closeRange()
			f.fireVolleys()
		}
		if !f.over() {
			f.checkMorale()
			f.checkLosses()
		}
		f.nameCommanders()
		f.endRound()
	}
	f.round--
	if !f.over() {
		f.capRounds()
	}
	f.finish()
	return f.out, nil
}

// over reports whether at most one side is left (001 §7.4h: as long as
// ships of two sides are there, the battle goes on).
func (f *fight) over() bool {
	n := 0
	for _, sd := range f.sides {
		if sd.present() {
			n++
		}
	}
	return n <= 1
}

// endRound files the round's events in the log.
func (f *fight) endRound() {
	f.out.Log = append(f.out.Log, Round{N: f.round, Band: f.band, Events: f.events})
	f.events = make([]Event, 0, f.eventsHint())
}

// eventsHint guesses how many events the next round logs, so its log is
// allocated once: a fire event and about two dice per point of Attack.
func (f *fight) eventsHint() int {
	n := 16
	for _, s := range f.ships {
		if s.present() {
			n += f.setup.Volleys * (2*s.attack() + 2)
		}
	}
	return n
}

// joinShips brings in the ships whose round has come (001 §7.4d-e).
func (f *fight) joinShips() {
	if f.round == 1 {
		return
	}
	for _, s := range f.ships {
		if s.present() && s.arrive == f.round {
			f.log(Event{Kind: KindJoin, Side: int32(s.side().idx), Who: s.id, N: int32(f.round)})
		}
	}
}

// closeRange moves the band one step in from round 2 on (seed-tactical
// §4.6 R3): when the fastest of the sides that close is at least as fast
// as every side that holds. A side's speed is its slowest active ship's.
func (f *fight) closeRange() {
	if f.round == 1 || f.band == Short {
		return
	}
	closer, holder, anyCloser := -1, -1, false
	for _, sd := range f.sides {
		sp, ok := f.fleetSpeed(sd)
		if !ok {
			continue
		}
		if sd.in.Range == RangeClose {
			closer, anyCloser = max(closer, sp), true
		} else {
			holder = max(holder, sp)
		}
	}
	if anyCloser && closer >= holder {
		f.band--
		f.log(Event{Kind: KindRange, N: int32(f.band), What: ResultCloses})
	}
}

// fleetSpeed is the speed of the side's slowest active ship.
func (f *fight) fleetSpeed(sd *side) (int, bool) {
	sp, ok := 0, false
	for _, s := range sd.ships {
		if s.active(f.round) && (!ok || s.speed() < sp) {
			sp, ok = s.speed(), true
		}
	}
	return sp, ok
}

// capRounds ends a battle still going at the round cap (seed-tactical §4.6
// R6): the defender holds and the attackers withdraw without a roll; with
// no defender left, the side with the most Attack holds, ties broken by a
// die. A held squadron does not withdraw: it stays in place, and the
// holder still holds the field.
func (f *fight) capRounds() {
	f.out.CapReached = true
	var left []*side
	for _, sd := range f.sides {
		if sd.present() {
			left = append(left, sd)
		}
	}
	holder, why := f.capHolder(left)
	f.out.Winner = holder.in.Player
	for _, sd := range left {
		if sd == holder {
			continue
		}
		if slices.ContainsFunc(sd.squadrons, func(sq *squadron) bool { return !sq.held && sq.hasPresent() }) {
			f.log(Event{Kind: KindCap, Side: int32(sd.idx), Who: string(sd.in.Player), What: why})
		}
		for _, sq := range sd.squadrons {
			if sq.held && sq.hasPresent() {
				f.log(Event{Kind: KindHeld, Side: int32(sd.idx), Who: sq.id, What: why})
				continue
			}
			for _, s := range sq.ships {
				if s.present() {
					f.disengage(s)
				}
			}
		}
	}
	last := &f.out.Log[len(f.out.Log)-1]
	last.Events = append(last.Events, f.events...)
	f.events = nil
}

func (f *fight) capHolder(left []*side) (*side, Result) {
	for _, sd := range left {
		if sd.in.Role == Defender {
			return sd, ResultDefender
		}
	}
	var best []*side
	top := -1
	for _, sd := range left {
		switch a := sd.presentAttack(); {
		case a > top:
			best, top = []*side{sd}, a
		case a == top:
			best = append(best, sd)
		}
	}
	if len(best) == 1 {
		return best[0], ResultStrongest
	}
	r := f.roll(len(best))
	f.log(Event{Kind: KindTie, Die: int32(len(best)), Roll: int32(r), N: int32(len(best))})
	return best[r-1], ResultStrongest
}

// presentAttack is the Attack of every ship of the side still there.
func (sd *side) presentAttack() int {
	n := 0
	for _, s := range sd.ships {
		if s.present() {
			n += s.attack()
		}
	}
	return n
}

// disengage takes a ship out of the battle, with any leader aboard.
func (f *fight) disengage(s *ship) {
	s.fate, s.fateRound = FateDisengaged, f.round
	f.log(Event{Kind: KindDisengage, Side: int32(s.side().idx), Who: s.id})
	if l := s.side().leader; l != nil && l.leading && l.ship == s {
		l.leading = false
	}
}

// finish fills in the outcome.
func (f *fight) finish() {
	o := f.out
	o.Rounds = f.round
	if !o.CapReached { // capRounds named the holder
		for _, sd := range f.sides {
			if sd.present() {
				o.Winner = sd.in.Player
			}
		}
		if !f.over() {
			panic("battle: a battle ended with two sides in place")
		}
	} else if slices.ContainsFunc(f.ships, func(s *ship) bool { return s.present() && !s.sq.held && s.side().in.Player != o.Winner }) {
		panic("battle: a ship neither the holder's nor held stayed past the round cap")
	}
	for _, s := range f.ships {
		fate := s.fate
		if fate == "" {
			fate = FateIntact
			if s.crippled() {
				fate = FateCrippled
			}
		}
		o.Ships = append(o.Ships, ShipResult{
			Ship: s.id, Class: s.class, Side: s.side().idx, Player: s.side().in.Player,
			Squadron: s.sq.id, Fate: fate, Round: s.fateRound, Damage: s.dmg,
		})
	}
	for _, sd := range f.sides {
		if l := sd.leader; l != nil {
			r := LeaderResult{Side: sd.idx, Name: l.in.Name, Fate: l.fate, CapturedBy: l.captor}
			if l.fate == LeaderAboard || l.fate == LeaderRescued {
				r.Ship = l.ship.id
			}
			o.Leaders = append(o.Leaders, r)
		}
	}
}
