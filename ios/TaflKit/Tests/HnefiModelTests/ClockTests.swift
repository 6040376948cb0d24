import Foundation
import HnefiModel
import TaflCore
import XCTest

/// A clock the test moves by hand: the model's ticks read it.
@MainActor
final class FakeClock {
    var ms: Int64 = 1_000
}

/// The model's ticks and the clock for two players: the model ticks the core from its clock only
/// while a frame asks for it and the app is on screen, the faces say what VoiceOver reads, and
/// the clock comes back from the saved state.
@MainActor
final class ClockTests: XCTestCase, @unchecked Sendable {
    func startClockedGame(_ model: AppModel, _ clock: TimeControl = .blitz) {
        model.send(.chooseVariant(variant: .brandubh))
        model.send(.chooseOpponent(vsComputer: false))
        model.send(.chooseClock(clock: clock))
        model.send(.newGame)
    }

    func faces(_ model: AppModel) -> [String] {
        (model.game?.clock?.faces ?? []).map { ($0.running ? "*" : "") + $0.time }
    }

    /// Waits (the model's own ticks come every 100 ms) until the faces read `expected`.
    func waitForFaces(_ model: AppModel, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) async throws {
        let end = Date().addingTimeInterval(20)
        while faces(model) != expected {
            guard Date() < end else {
                XCTFail("the faces read \(faces(model)), not \(expected)", file: file, line: line)
                return
            }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
    }

    /// Lets the model's ticker run a few times without the clock moving.
    func letTicksRun() async throws {
        try await Task.sleep(nanoseconds: 400_000_000)
    }

    func testTheModelTicksFromItsClockOnlyOnScreenAndNeverChargesTimeAway() async throws {
        let clock = FakeClock()
        let (model, _) = try await makeModel(now: { clock.ms })
        XCTAssertNil(model.frame.tickMs, "the start page asks for no ticks")
        startClockedGame(model)
        XCTAssertEqual(model.frame.tickMs, 100)
        XCTAssertEqual(faces(model), ["*5:00", "5:00"])
        try await letTicksRun()
        clock.ms += 5_000
        try await waitForFaces(model, ["*4:55", "5:00"])
        XCTAssertEqual(model.game?.clock?.faces.first?.label, "Attackers 4:55, running")
        model.activate("b4")
        model.activate("b3")
        XCTAssertEqual(faces(model), ["4:58", "*5:00"], "3 s added after the move")
        // Away for a minute: no ticks go out, and the first one back only sets the baseline.
        model.phase(.background)
        clock.ms += 60_000
        try await letTicksRun()
        model.phase(.active)
        try await letTicksRun()
        XCTAssertEqual(faces(model), ["4:58", "*5:00"], "the minute away is not charged")
        clock.ms += 2_000
        try await waitForFaces(model, ["4:58", "*4:58"])
        // Control Centre over the app is no leaving: the clock runs on.
        model.phase(.inactive)
        clock.ms += 1_000
        try await waitForFaces(model, ["4:58", "*4:57"])
        model.phase(.active)
    }

    func testWithoutAClockTheModelSendsNoTicks() async throws {
        let clock = FakeClock()
        let (model, _) = try await makeModel(now: { clock.ms })
        model.send(.chooseVariant(variant: .brandubh))
        model.send(.chooseOpponent(vsComputer: false))
        model.send(.newGame)
        XCTAssertNil(model.frame.tickMs)
        XCTAssertNil(model.game?.clock)
        let revision = model.frame.revision
        try await letTicksRun()
        XCTAssertEqual(model.frame.revision, revision, "nothing was sent")
    }

    func testTheClockComesBackFromTheSavedState() async throws {
        let db = try temporaryDatabase(self)
        let clock = FakeClock()
        let (model, _) = try await makeModel(testConfig(database: db), now: { clock.ms })
        startClockedGame(model, .rapid)
        try await model.settle()
        try await letTicksRun()
        clock.ms += 7_000
        try await waitForFaces(model, ["*9:53", "10:00"])
        model.phase(.background)
        await model.settled()
        let saved = try XCTUnwrap(model.savedState)
        // A new process: its monotonic clock starts anywhere.
        let later = FakeClock()
        later.ms = 5
        let (again, _) = try await makeModel(testConfig(database: db, saved: saved), now: { later.ms })
        try await again.settle()
        XCTAssertEqual(faces(again), ["*9:53", "10:00"])
        try await letTicksRun()
        later.ms += 1_000
        try await waitForFaces(again, ["*9:52", "10:00"])
    }
}
