import TaflCore

extension Frame {
    /// The frame a patch makes of this one (the frame before it): the patched part replaced,
    /// the rest kept, no effects (a patch has none). A drag or pinch step changes the board's
    /// moving parts, an analysis point the review's chart and analysis line.
    public func applying(_ patch: FramePatch) -> Frame {
        var next = self
        next.revision = patch.revision
        next.busy = patch.busy
        next.effects = []
        switch (patch.patch, screen) {
        case let (.board(window, drop, lifted), .game(game)):
            var game = game
            game.board.window = window
            game.board.plan.drop = drop
            game.board.plan.lifted = lifted
            next.screen = .game(game: game)
        case let (.chart(chart, analysis), .review(review)):
            var review = review
            review.chart = chart
            review.analysis = analysis
            next.screen = .review(review: review)
        case (.busy, _), (.board, _), (.chart, _):
            break
        }
        return next
    }
}
