package app.hnefi.android

import org.junit.runners.model.FrameworkMethod
import org.robolectric.RobolectricTestRunner
import org.robolectric.internal.bytecode.InstrumentationConfiguration

/**
 * Robolectric's runner, with the core's bindings loaded once for the whole test run.
 *
 * Robolectric loads the app's classes again in each sandbox (one per SDK and graphics mode),
 * but the core's native library keeps one table of callbacks per process: a second copy of
 * the bindings would register its own table over the first, and the first copy's listeners
 * would be looked up in the wrong handle map ("Invalid handle"). The bindings touch no
 * Android class, so every sandbox can share the copy of the test's own class loader.
 */
class HnefiTestRunner(testClass: Class<*>) : RobolectricTestRunner(testClass) {
    override fun createClassLoaderConfig(method: FrameworkMethod): InstrumentationConfiguration =
        InstrumentationConfiguration.Builder(super.createClassLoaderConfig(method))
            .doNotAcquirePackage("app.hnefi.core")
            .build()
}
