/* A stand-in for the Arduino core API, only to compile-check diffdrive.ino on the host (make examples-compile). */
#ifndef ARDUINO_STANDIN_H
#define ARDUINO_STANDIN_H
#include <stddef.h>
#include <stdint.h>

#define HIGH 1
#define LOW 0
#define INPUT 0
#define OUTPUT 1
#define INPUT_PULLUP 2
#define CHANGE 1
#define A0 14
#define A1 15
#define A2 16

uint32_t millis(void);
uint32_t micros(void);
void delayMicroseconds(unsigned int us);
void pinMode(uint8_t pin, uint8_t mode);
void digitalWrite(uint8_t pin, uint8_t value);
int digitalRead(uint8_t pin);
void analogWrite(uint8_t pin, int value);
int analogRead(uint8_t pin);
int digitalPinToInterrupt(uint8_t pin);
void attachInterrupt(int interrupt, void (*isr)(void), int mode);
void noInterrupts(void);
void interrupts(void);

class SerialStandIn {
  public:
    void begin(unsigned long baud);
    int available();
    int read();
    int availableForWrite();
    size_t write(const uint8_t *buf, size_t n);
    explicit operator bool();
};
extern SerialStandIn Serial;
#endif
