import Foundation

/// Encodes the same values through whichever declarations it is compiled with: once with the
/// hand-written structs of this folder, once with the Swift that livecontract generates from
/// their imported schemas. ImportTests compares the two outputs line by line.
///
/// Only spellings both versions accept are used: memberwise inits with the same labels,
/// `.init(...)` for nested structs and `.case` for enums (where each type is nested differs).
@main
struct ImportDriver {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// Prints `label<TAB>json`, flagging JSON that does not decode and re-encode unchanged
    /// (the attributes structs are not Equatable, so the bytes are compared).
    static func emit<T: Codable>(_ label: String, _ value: T) throws {
        let data = try encoder.encode(value)
        let again = try encoder.encode(try JSONDecoder().decode(T.self, from: data))
        print(label + "\t" + String(decoding: data, as: UTF8.self) + (again == data ? "" : "\tROUND-TRIP-MISMATCH"))
    }

    static func main() throws {
        let pickup = Date(timeIntervalSince1970: 1_742_065_920)
        let later = Date(timeIntervalSince1970: 1_742_066_250.5)

        try emit("delivery.attributes", DeliveryAttributes(orderId: "DT-4521"))
        try emit("delivery.pickedUp", DeliveryAttributes.ContentState(
            status: "Picked up", progress: 0.55, eta: pickup, stopsRemaining: 3, courierName: "Dana K.",
            riderReassigned: false, step: .pickedUp, photo: nil))
        try emit("delivery.delivered", DeliveryAttributes.ContentState(
            status: "Delivered \u{2713}", progress: 1, eta: later, stopsRemaining: 0, courierName: "Sam \"P\"",
            riderReassigned: true, step: .delivered, photo: URL(string: "https://example.com/p/1.jpg?s=2&t=3")))

        try emit("ride.attributes", RideAttributes(riderName: "Ana", pickup: "12 Market St", dropoff: "SFO Terminal 2"))
        try emit("ride.assigned", RideAttributes.ContentState(
            driverName: "Luis", vehicle: .init(model: "Toyota Prius", plate: "8ABC123", color: "#C0C0C0"),
            eta: pickup...later, status: .driverAssigned, distanceRemainingKm: 21.4))
        try emit("ride.sameInstant", RideAttributes.ContentState(
            driverName: "", vehicle: .init(model: "", plate: "", color: ""),
            eta: later...later, status: .cancelled, distanceRemainingKm: 0))

        try emit("match.attributes", MatchAttributes(homeTeam: "Arsenal", awayTeam: "Chelsea", league: "FA Cup"))
        try emit("match.kickOff", MatchAttributes.ContentState(
            score: .init(home: 0, away: 0), period: .firstHalf, clockText: "1'", lastEvent: nil, isLive: true))
        try emit("match.goal", MatchAttributes.ContentState(
            score: .init(home: 1, away: 0), period: .secondHalf, clockText: "67'",
            lastEvent: .init(kind: .penaltyGoal, minute: 67, player: "B. Saka", at: pickup), isLive: true))

        try emit("workout.attributes", WorkoutAttributes(workoutName: "Morning run", goalKm: 10, route: nil, coachNames: ["Ana", "Bo"]))
        try emit("workout.running", WorkoutAttributes.ContentState(
            elapsedSeconds: 1234.5, heartRate: 151, calories: 312.25,
            splits: [.init(km: 1, seconds: 301.5, pace: "5:01"), .init(km: 2, seconds: 298, pace: nil)],
            zoneMinutes: [0, 4, 11, 2, 0], coachTip: "Relax your shoulders", paused: false, badges: ["first5k"],
            nextSegment: .coolDown, startedAt: pickup, lastSplit: .init(km: 2, seconds: 298, pace: nil)))
        try emit("workout.empty", WorkoutAttributes.ContentState(
            elapsedSeconds: 0, heartRate: nil, calories: 0, splits: [], zoneMinutes: [], coachTip: nil,
            paused: true, badges: [], nextSegment: nil, startedAt: later, lastSplit: nil))
    }
}
