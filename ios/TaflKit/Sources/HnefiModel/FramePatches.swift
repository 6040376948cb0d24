import TaflCore

extension Frame {
    /// The frame a patch makes of this one (the frame before it): the patched part replaced,
    /// the rest kept, no effects (a patch has none). A drag or pinch step changes the board's
    /// moving parts, an analysis point the review's chart and analysis line, a tick of a game's
    /// clock its faces.
    public func applying(_ patch: FramePatch) -> Frame {
        Frame(revision: patch.revision, language: language, look: look, screen: screen.applying(patch.patch),
              notice: notice, handlesBack: handlesBack, effects: [], busy: patch.busy, starting: starting,
              keepAwake: keepAwake, tickMs: tickMs)
    }
}

extension ScreenView {
    /// The screen with the part a patch names replaced (a screen without it stays as it is).
    func applying(_ patch: Patch) -> ScreenView {
        switch (patch, self) {
        case let (.board(window, drop, lifted), .game(g)):
            let b = g.board, p = b.plan
            let plan = BoardPlan(size: p.size, extent: p.extent, under: p.under, drop: drop, pieces: p.pieces,
                                 glyphs: p.glyphs, over: p.over, lifted: lifted)
            let board = BoardView(plan: plan, squares: b.squares, label: b.label, motion: b.motion,
                                  interactive: b.interactive, window: window)
            return .game(game: GameView(turn: g.turn, clock: g.clock, board: board, info: g.info, moves: g.moves, taken: g.taken,
                                        controls: g.controls, question: g.question, flash: g.flash))
        case let (.chart(chart, analysis), .review(r)):
            return .review(review: ReviewView(title: r.title, back: r.back, share: r.share, board: r.board,
                                              position: r.position, lastMove: r.lastMove, captures: r.captures,
                                              result: r.result, verdict: r.verdict, steps: r.steps, chart: chart,
                                              analysis: analysis, summary: r.summary, errorsTitle: r.errorsTitle,
                                              errors: r.errors, moves: r.moves))
        case let (.clock(clock), .game(g)):
            return .game(game: GameView(turn: g.turn, clock: clock, board: g.board, info: g.info, moves: g.moves,
                                        taken: g.taken, controls: g.controls, question: g.question, flash: g.flash))
        case (.busy, _), (.board, _), (.chart, _), (.clock, _):
            return self
        }
    }
}
