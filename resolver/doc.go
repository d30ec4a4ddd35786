// Package resolver computes the next turn of a campaign and what each player
// gets to see of it.
//
// Resolve is pure: no I/O, no clock, no global randomness, and no ranging
// over unsorted maps. Given the same state and orders it returns the same
// next state, events and views, byte for byte once marshalled. That is what
// makes replay, rollback, preview and golden tests possible.
//
// A turn runs in rule order (EaW 2.0, 4.0–4b): builds that may move this
// turn, movement with pinning and lane meetings (EaW 5a, 5c, 19a), the
// meetings of hostile fleets as pending battles, developments and the other
// builds (EaW 6.0, 12.0, 13.0), New Year income after winter (EaW 3c, 12a),
// and finally vision (EaW 5e), which yields each player's View.
//
// Every renderer takes only a View, so a report cannot show what its player
// cannot see.
package resolver
