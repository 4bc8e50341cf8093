submodule2 = require('./submodule2');
