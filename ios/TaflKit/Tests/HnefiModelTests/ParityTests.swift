import Foundation
import HnefiModel
import TaflCore
import XCTest

/// The parity suite: every scenario of tests/scenarios driven through the real model, each
/// step settled, its frame and the effects the players received traced with the core's
/// `traceStep`, and the trace compared with the core's file line by line.
@MainActor
final class ParityTests: XCTestCase, @unchecked Sendable {
    func testEveryScenarioTracesAsTheCoreDoes() async throws {
        let dir = repositoryRoot.appendingPathComponent("tests/scenarios")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { $0.hasSuffix(".events.json") }.map { String($0.dropLast(".events.json".count)) }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 30, "scenarios in \(dir.path)")
        var mismatches: [String] = []
        for name in names {
            let events = try String(contentsOf: dir.appendingPathComponent("\(name).events.json"), encoding: .utf8)
            let trace = try String(contentsOf: dir.appendingPathComponent("\(name).trace.json"), encoding: .utf8)
            let steps = try await run(events, name: name)
            if let problem = compare(steps, trace) {
                mismatches.append("\(name): \(problem)")
            }
        }
        if mismatches.isEmpty {
            print("parity (Swift): \(names.count) scenarios equal")
        } else {
            XCTFail("parity (Swift): \(mismatches.count) of \(names.count) scenarios differ\n" + mismatches.joined(separator: "\n"))
        }
    }

    /// A scenario's trace through the model: the start, then one step an event.
    func run(_ json: String, name: String) async throws -> [String] {
        let setup = try XCTUnwrap(scenarioSetup(json: json), "\(name) is no scenario")
        let database = setup.database ? try temporaryDatabase(self) : nil
        let (model, recorder) = try await makeModel(testConfig(database: database, language: setup.language,
                                                               dark: setup.dark, engine: setup.engine))
        var steps = [traceStep(event: nil, frame: model.frame, effects: recorder.take())]
        for event in scenarioEvents(json: json) {
            model.send(event)
            try await model.settle()
            steps.append(traceStep(event: event, frame: model.frame, effects: recorder.take()))
        }
        return steps
    }

    /// Nil when `steps` written as the file writes them equal `file`; otherwise the first
    /// step that differs, both ways.
    func compare(_ steps: [String], _ file: String) -> String? {
        let text = "[\n" + steps.joined(separator: ",\n") + "\n]\n"
        guard text != file else { return nil }
        let expected = file.split(separator: "\n").dropFirst().dropLast()
            .map { $0.hasSuffix(",") ? String($0.dropLast()) : String($0) }
        for i in 0..<max(steps.count, expected.count) {
            let got = i < steps.count ? steps[i] : "(none)"
            let want = i < expected.count ? expected[i] : "(none)"
            if got != want {
                return "step \(i) differs\n  file:  \(want)\n  Swift: \(got)"
            }
        }
        return "the file is not written as the core writes traces"
    }

    /// The comparison fails when two scenarios' traces are swapped, naming the scenario and
    /// the step.
    func testSwappedTracesFail() async throws {
        let dir = repositoryRoot.appendingPathComponent("tests/scenarios")
        let a = "blocked-king-says-why", b = "back-closes-the-resign-question"
        let events = try String(contentsOf: dir.appendingPathComponent("\(a).events.json"), encoding: .utf8)
        let own = try String(contentsOf: dir.appendingPathComponent("\(a).trace.json"), encoding: .utf8)
        let other = try String(contentsOf: dir.appendingPathComponent("\(b).trace.json"), encoding: .utf8)
        let steps = try await run(events, name: a)
        XCTAssertNil(compare(steps, own))
        let problem = try XCTUnwrap(compare(steps, other))
        XCTAssertTrue(problem.hasPrefix("step "), problem)
    }
}
