package campaign

// ID names a campaign, as players write it in their orders.
type ID string

// PlayerID names a player (an empire) within a campaign.
type PlayerID string

// SystemID names a planetary system on the map.
type SystemID string

// FleetID names a fleet within its owner's navy. Two players may both have
// a fleet called "1st"; a fleet is identified by its owner and its ID, so a
// player can never learn another navy's fleet names by collision.
type FleetID string

// ClassName names a unit class in the scenario's catalogue.
type ClassName string
