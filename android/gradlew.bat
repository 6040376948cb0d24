@rem Runs this build with the Gradle version pinned in gradle\wrapper\gradle-wrapper.properties,
@rem downloading and checking it on first use (Gradle's wrapper, org.gradle.wrapper.GradleWrapperMain).
@rem
@rem   gradlew.bat [gradle arguments]      e.g. gradlew.bat :app:assembleDebug
@rem
@rem Java: %JAVA_HOME%\bin\java.exe if JAVA_HOME is set, else the first java.exe on the PATH.
@rem JVM options for the wrapper itself: JAVA_OPTS and GRADLE_OPTS.
@echo off
setlocal

set "APP_HOME=%~dp0"
if "%APP_HOME:~-1%"=="\" set "APP_HOME=%APP_HOME:~0,-1%"
set "APP_NAME=%~n0"
set "WRAPPER_JAR=%APP_HOME%\gradle\wrapper\gradle-wrapper.jar"

if not exist "%WRAPPER_JAR%" (
    echo gradlew: %WRAPPER_JAR% is missing; README.md ^(Gradle wrapper^) gives the command that creates it 1>&2
    goto fail
)

if defined JAVA_HOME goto java_from_home
set "JAVA_EXE=java.exe"
"%JAVA_EXE%" -version >NUL 2>&1
if %ERRORLEVEL% equ 0 goto run
echo gradlew: no java.exe on the PATH and JAVA_HOME is not set; install a JDK 17 or newer 1>&2
goto fail

:java_from_home
set "JAVA_EXE=%JAVA_HOME:"=%\bin\java.exe"
if exist "%JAVA_EXE%" goto run
echo gradlew: JAVA_HOME is set to "%JAVA_HOME%", which has no bin\java.exe; point it at a JDK 17 or newer 1>&2
goto fail

:run
"%JAVA_EXE%" -Xmx64m -Xms64m %JAVA_OPTS% %GRADLE_OPTS% "-Dorg.gradle.appname=%APP_NAME%" -classpath "%WRAPPER_JAR%" org.gradle.wrapper.GradleWrapperMain %*
if %ERRORLEVEL% equ 0 goto end

:fail
rem Pass the failure on to the caller, also when it is cmd /c.
set EXIT_CODE=%ERRORLEVEL%
if %EXIT_CODE% equ 0 set EXIT_CODE=1
endlocal & exit /b %EXIT_CODE%

:end
endlocal
