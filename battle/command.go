package battle

// nameCommanders names new squadron commanders and flagships at the end of
// a round (B5 "Out of command"). A squadron whose commander was destroyed
// fires at ½ for one round and then names the present ship with the best
// command rating; ships beyond that rating are out of command for the rest
// of the battle. A commander that got away is replaced at once. The
// flagship is replaced the same way by the best squadron commander.
func (f *fight) nameCommanders() {
	for _, sd := range f.sides {
		for _, sq := range sd.squadrons {
			c := sq.commander
			lost := sq.cmdLost > 0 && sq.cmdLost < f.round
			left := c != nil && c.fate == FateDisengaged
			if lost || left {
				f.nameCommander(sq)
			}
		}
		fl := sd.flagship
		if sd.flagLost > 0 && sd.flagLost < f.round || fl != nil && fl.fate == FateDisengaged {
			f.nameFlagship(sd)
		}
	}
}

func (f *fight) nameCommander(sq *squadron) {
	sq.cmdLost = 0
	c := bestCommander(sq.ships, nil)
	sq.commander = c
	if c == nil {
		return
	}
	sd := sq.side
	f.log(Event{Kind: KindCommander, Side: int32(sd.idx), Who: sq.id, Target: c.id})
	room := c.base.Command
	for _, s := range sq.ships {
		if !s.present() || s == c || s.ooc {
			continue
		}
		if room > 0 {
			room--
			continue
		}
		s.ooc = true
		f.log(Event{Kind: KindOutOfCommand, Side: int32(sd.idx), Who: s.id})
	}
}

func (f *fight) nameFlagship(sd *side) {
	sd.flagLost = 0
	var best *ship
	for _, sq := range sd.squadrons {
		if c := sq.commander; c != nil && c.present() && (best == nil || c.base.Command > best.base.Command) {
			best = c
		}
	}
	sd.flagship = best
	if best != nil {
		f.log(Event{Kind: KindCommander, Side: int32(sd.idx), Who: string(sd.in.Player), Target: best.id, What: ResultFlagship})
	}
}

// podNeed: an escape pod gets away on d6 of this or less (001 §7.4g).
const podNeed = 4

// launchPods rolls for each leader whose ship was destroyed in the volley
// (001 §7.4g): on d6 1–4 the pod gets away, and a friendly ship in the
// battle picks the leader up, who leads on from the flagship; with only
// enemy ships there the leader is captured; with nobody there the pod lands
// on the planet. On 5–6 the leader is killed.
func (f *fight) launchPods() {
	for _, sd := range f.sides {
		l := sd.leader
		if l == nil || !l.leading || l.ship.fate != FateDestroyed {
			continue
		}
		r := f.roll(6)
		e := Event{Kind: KindPod, Side: int32(sd.idx), Who: l.in.Name, Die: 6, Roll: int32(r), Need: int32(podNeed)}
		l.leading = false
		switch rescuer, captor := f.podPickup(sd); {
		case r > podNeed:
			l.fate, e.What = LeaderKilled, ResultKilled
		case rescuer != nil:
			l.fate, l.ship, l.leading = LeaderRescued, rescuer, true
			e.What, e.Target = ResultRescued, rescuer.id
		case captor != nil:
			l.fate, l.captor = LeaderCaptured, captor.in.Player
			e.What, e.Target = ResultCaptured, string(captor.in.Player)
		default:
			l.fate, e.What = LeaderLanded, ResultLanded
		}
		f.log(e)
	}
}

// podPickup is the friendly ship that picks up a pod, the flagship if it
// is in the battle, otherwise the first active ship; or, if there is none,
// the first enemy side with an active ship.
func (f *fight) podPickup(sd *side) (*ship, *side) {
	if fl := sd.flagship; fl != nil && fl.active(f.round) {
		return fl, nil
	}
	for _, s := range sd.ships {
		if s.active(f.round) {
			return s, nil
		}
	}
	for _, e := range f.sides {
		if e == sd {
			continue
		}
		for _, s := range e.ships {
			if s.active(f.round) {
				return nil, e
			}
		}
	}
	return nil, nil
}
