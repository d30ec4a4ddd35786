package thunderdome

// battles fights, at step 8, every sector where fleets of two players
// meet (UTD2.3 s8, UTD4.2).
func (t *turn) battles() {}

// captures settles step 9 (UTD4.333, UTD4.343, UTD4.352, UTD4.353).
func (t *turn) captures() {}
