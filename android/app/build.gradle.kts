// The Android app: a few small files of its own (src/main), the shared UI sources (../ui) and the
// generated bindings (../../bindings/kotlin), with the core's .so built by cargo-ndk.
plugins {
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.compose)
}

val repoRoot: File = rootDir.parentFile
val minSdkVersion = 26
/** The ABIs the core is built for (phones, old phones, emulators). */
val abis = listOf("arm64-v8a", "armeabi-v7a", "x86_64")
val rustJniLibs = layout.buildDirectory.dir("rustJniLibs")

android {
    namespace = "app.hnefi.android"
    compileSdk = 36
    ndkVersion = "28.2.13676358"

    defaultConfig {
        applicationId = "app.hnefi"
        minSdk = minSdkVersion
        targetSdk = 36
        // The Cargo workspace's version (../../Cargo.toml); the code is major x 10000 + minor x 100
        // + patch, as the iOS build number. tests/store-readiness/check-version.py checks both.
        versionCode = 100
        versionName = "0.1.0"
        ndk { abiFilters += abis }
    }

    // Only the app's languages: the AndroidX libraries carry about 80 more.
    androidResources {
        localeFilters += listOf("en", "fr", "de")
    }

    buildTypes {
        release {
            // R8 shrinks and optimises; proguard-rules.pro keeps what JNA and the bindings
            // reach by reflection.
            isMinifyEnabled = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro")
        }
    }

    // The tests in src/test run under Robolectric with the app's real resources and manifest.
    testOptions {
        unitTests.isIncludeAndroidResources = true
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }

    buildFeatures { compose = true }

    sourceSets {
        getByName("main") {
            kotlin.srcDirs(
                repoRoot.resolve("bindings/kotlin"),
                rootDir.resolve("ui/src/main/kotlin"),
            )
            jniLibs.srcDir(rustJniLibs)
        }
    }
}

dependencies {
    // The BOM gives every Compose library (ui, foundation, material3) its version.
    implementation(platform(libs.compose.bom))
    implementation(libs.compose.ui)
    implementation(libs.compose.foundation)
    implementation(libs.compose.material3)
    implementation(libs.activity.compose)
    implementation(libs.lifecycle.viewmodel)
    implementation(libs.lifecycle.runtime.compose)
    implementation(libs.coroutines.android)
    implementation(variantOf(libs.jna) { artifactType("aar") })
    // The activity that Compose's test rule starts for content of its own.
    debugImplementation(libs.compose.ui.test.manifest)

    testImplementation(libs.junit)
    testImplementation(libs.robolectric)
    testImplementation(libs.androidx.test.core)
    testImplementation(libs.androidx.test.ext.junit)
    testImplementation(platform(libs.compose.bom))
    testImplementation(libs.compose.ui.test.junit4)
    // On the JVM, JNA loads its dispatch library for the host from the jar (the archive above
    // carries Android's).
    testImplementation(libs.jna)
}

/**
 * Everything the core's library is built from, under the repository: its sources, the texts and
 * data it builds in (include_str!), the manifests and the SQLite options the phone library is
 * built with (.cargo/config.toml). tests/android-app/build.py checks this list against the
 * files cargo's dep-info names for the library, so that no change to the core is missed.
 */
val coreInputs = listOf("core/src", "core/texts", "core/data", "core/Cargo.toml", "Cargo.toml", "Cargo.lock", ".cargo/config.toml")

// cargo from -Phnefi.cargo=..., else rustup's usual place (Android Studio started from a
// desktop launcher often has no ~/.cargo/bin on its PATH), else the PATH.
val cargo: String = providers.gradleProperty("hnefi.cargo").getOrElse(
    File(System.getProperty("user.home"), ".cargo/bin/cargo").takeIf { it.exists() }?.path ?: "cargo",
)

/** Builds libtafl_core.so for every ABI into build/rustJniLibs/<abi>/ with cargo-ndk. */
val cargoNdk by tasks.registering(Exec::class) {
    group = "build"
    description = "Builds the Rust core for Android with cargo-ndk"
    val ndkDir = androidComponents.sdkComponents.ndkDirectory
    val outDir = rustJniLibs.get().asFile
    val targets = abis.flatMap { listOf("-t", it) }
    val platform = minSdkVersion.toString()
    for (path in coreInputs) {
        val f = repoRoot.resolve(path)
        if (f.isDirectory) inputs.dir(f) else inputs.file(f)
    }
    outputs.dir(outDir)
    workingDir = repoRoot
    commandLine(
        listOf(cargo, "ndk") + targets +
            listOf("--platform", platform, "-o", outDir.path, "build", "--profile", "mobile", "-p", "tafl-core", "--lib"),
    )
    doFirst { environment("ANDROID_NDK_HOME", ndkDir.get().asFile.path) }
}

// The .so files must be there before AGP collects the JNI libraries of a variant.
tasks.matching { it.name.startsWith("merge") && it.name.endsWith("JniLibFolders") }.configureEach {
    dependsOn(cargoNdk)
}

/**
 * The core for this computer (target/release/libtafl_core.so), which the unit tests load
 * through JNA: Robolectric runs the app on the computer's JVM, not on a phone.
 */
val cargoHost by tasks.registering(Exec::class) {
    group = "build"
    description = "Builds the Rust core for this computer, for the unit tests"
    for (path in coreInputs) {
        val f = repoRoot.resolve(path)
        if (f.isDirectory) inputs.dir(f) else inputs.file(f)
    }
    outputs.file(repoRoot.resolve("target/release/${System.mapLibraryName("tafl_core")}"))
    workingDir = repoRoot
    commandLine(cargo, "build", "--release", "-p", "tafl-core", "--lib")
}

// testDebugUnitTest and the others: the host's core built first and found by JNA, as
// tests/android-app/build.py runs them.
tasks.withType<Test>().configureEach {
    dependsOn(cargoHost)
    systemProperty("jna.library.path", repoRoot.resolve("target/release").path)
}
