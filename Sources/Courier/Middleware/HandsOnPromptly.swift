/// A middleware of Courier's own that waits for nothing but the rest of the chain (and, for
/// ``RequestParametersMiddleware``, its provider): with only such middleware, an exchange
/// cancelled by id ends as soon as the transport's wait does, so a listed call can run its
/// exchange in the calling task over a transport that cancels exchanges by itself
/// (``ExchangeCancellingTransport``).
///
/// Not for ``RetryMiddleware`` (it sleeps between attempts) or ``AuthenticationMiddleware`` (it
/// waits for a shared refresh): a chain with them runs a listed call's exchange in a task of its
/// own, which cancelling by id cancels wherever it waits.
protocol HandsOnPromptly: Middleware {}

extension LoggingMiddleware: HandsOnPromptly {}
extension RequestParametersMiddleware: HandsOnPromptly {}
